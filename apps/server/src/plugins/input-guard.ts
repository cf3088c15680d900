import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { controlCharacter } from '@portal/contracts/common';
import { http } from '@portal/contracts/messages';
import { BadRequest } from '../lib/errors.ts';

/** True when any string in the value (keys included), however deeply nested, holds a control character. */
export function holdsControlCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (controlCharacter.test(next)) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (controlCharacter.test(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * No text the API stores or searches may carry a control character (a NUL cannot even be stored
 * by PostgreSQL): every JSON body, query and path parameter is checked once, here, before any
 * route's schema or service sees it, with one clear 400.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (
      holdsControlCharacter(request.params) ||
      holdsControlCharacter(request.query) ||
      holdsControlCharacter(request.body)
    ) {
      throw new BadRequest(http.controlCharacters);
    }
  });
});
