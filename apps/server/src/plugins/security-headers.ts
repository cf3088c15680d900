import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What helmet's middleware does to a response with these options, worked out once: the headers it
 * sets (CSP, nosniff, frame options, …) and those it removes. None depends on the request.
 */
function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      removed.delete(name.toLowerCase());
      set.set(name, typeof value === 'object' ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      for (const key of set.keys()) if (key.toLowerCase() === name.toLowerCase()) set.delete(key);
      removed.add(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options');
  return { set: [...set], removed: [...removed] };
}

/**
 * helmet's security headers on every answer. helmet's options are turned into headers once, at
 * start-up, and each request sets that list: @fastify/helmet built helmet anew for every request,
 * parsing the CSP directives each time (4 % of the server's CPU under load on the session check),
 * and even built once, running its chain of a dozen middlewares per request cost about a tenth of
 * the session check's CPU (`npm run bench -- --only "session check" --cpu-prof …`,
 * docs/performance.md).
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of set) response.setHeader(name, value);
    for (const name of removed) response.removeHeader(name);
    done();
  });
});
