import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auth } from '@portal/contracts/messages';
import { Forbidden } from '../lib/errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(value: string): string | null {
  try {
    return new URL(value).host;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests that a browser says come from another site. Requests with
 * neither Origin nor Referer (curl, server-to-server) pass: the SameSite=Lax cookie guards them.
 */
export const sameOrigin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const claimed = request.headers.origin ?? request.headers.referer;
    if (claimed === undefined) return;
    if (hostOf(claimed) !== request.headers.host) throw new Forbidden(auth.crossSite);
  });
});
