import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, nosniff, frame options, …) on every answer. helmet's middleware
 * is built once, here, and run on each request: @fastify/helmet built it anew for every request,
 * parsing the CSP directives each time, which was 4 % of the server's CPU under load on the
 * session check (`npm run bench -- --only "session check" --cpu-prof …`, docs/performance.md).
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
});
