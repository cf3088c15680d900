import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The college a `/c/<slug>/` address chose for this browser (modules/colleges), if any. */
    addressedCollege: number | null;
  }
}

/** The first college, every deployment's: the one a request names no other college of is about. */
export const DEFAULT_COLLEGE = 1;

/**
 * The college a request is about: a signed-in student's or staff member's own; otherwise (sign-in
 * and sign-up pages, a company) the one the browser's `/c/<slug>/` address chose or whose host
 * name the request was sent to (plugins/college-address.ts), or the first college.
 */
export function currentCollegeId(request: FastifyRequest): number {
  return request.account?.collegeId ?? request.addressedCollege ?? DEFAULT_COLLEGE;
}
