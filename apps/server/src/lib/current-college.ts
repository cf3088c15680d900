import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The college a `/c/<slug>/` address chose for this browser (modules/colleges), if any. */
    addressedCollege: number | null;
  }
}

/**
 * The college a request is about: a signed-in student's or staff member's own; otherwise (sign-in
 * and sign-up pages, a company) the one the browser's `/c/<slug>/` address chose, or the first
 * college, every deployment's.
 */
export function currentCollegeId(request: FastifyRequest): number {
  return request.account?.collegeId ?? request.addressedCollege ?? 1;
}
