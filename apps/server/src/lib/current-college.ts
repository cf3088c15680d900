import type { FastifyRequest } from 'fastify';

/**
 * The college a request is about: a signed-in student's or staff member's own, and otherwise
 * (sign-in pages, a company) the first college, every deployment's. With `/c/<slug>/` addresses
 * (still to come, docs/architecture.md "Colleges") a page without a session reads it from its
 * slug here, and every caller already passes it on.
 */
export function currentCollegeId(request: FastifyRequest): number {
  return request.account?.collegeId ?? 1;
}
