import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { http, invalid } from '@portal/contracts/messages';
import { AppError, TooManyRequests } from '../lib/errors.ts';
import { isDatabaseUnavailable, isRefusedValue, uniqueConstraintOf } from '../lib/pg-errors.ts';

/** How long a client is asked to wait when the database is briefly away (restart, failover). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Unique indexes that guard a rule a service also checks: when two requests pass the check at the
 * same moment, the second write fails on the index and is answered as the check would have.
 */
const uniqueIndexes: Record<string, { status: number; message: string }> = {
  students_roll_number_unique: { status: 409, message: invalid.rollNumberTaken },
};

const contentTypeErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: http.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: http.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: http.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: http.unsupportedMediaType },
};

/**
 * One place turns every failure into `{ message }` with the right status: AppErrors from services,
 * schema failures (the first field's own message), bad bodies, a database that is briefly away
 * (503 with Retry-After) or that refused a value (400); anything else is a logged 500 whose
 * details never leave the server.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequests && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const atRoot = !first || first.instancePath === '/';
      const message =
        atRoot && first?.keyword === 'invalid_type'
          ? `The request ${error.validationContext ?? 'body'} must be a JSON object.`
          : (first?.message ?? 'Invalid request.');
      return reply.status(400).send({ message });
    }
    const known = error.code ? contentTypeErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: http.unavailable });
    }
    const clash = uniqueIndexes[uniqueConstraintOf(error) ?? ''];
    if (clash) return reply.status(clash.status).send({ message: clash.message });
    if (isRefusedValue(error)) {
      request.log.info({ err: error }, 'database refused a value from the request');
      return reply.status(400).send({ message: http.refusedValue });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: http.internal });
  });
});
