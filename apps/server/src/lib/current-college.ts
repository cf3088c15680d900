import type { FastifyRequest } from 'fastify';

/**
 * The college a request is about. One deployment serves one college today (id 1, the first row of
 * `college_settings`); with several colleges this reads the request's college (its `/c/<slug>/`
 * or host name), and every caller already passes it on.
 */
export function currentCollegeId(_request: FastifyRequest): number {
  return 1;
}
