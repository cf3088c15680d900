import { z } from 'zod';

/** A college's slug, in addresses (`/c/<slug>/…`): lower-case letters, digits and dashes. */
export const collegeSlug = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/,
    'A college slug is 1 to 40 lower-case letters, digits and dashes.',
  );

/**
 * The host name a college is reached at (`placements.north.edu`): lower-case labels of letters,
 * digits and dashes joined by dots, without a scheme, port or path.
 */
export const collegeHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'A host name is at most 253 characters.')
  .regex(
    /^(?=[^.]{1,63}(?:\.|$))[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.(?=[^.]{1,63}(?:\.|$))[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/,
    'A host name is labels of letters, digits and dashes joined by dots, like placements.north.edu (no https:// or port).',
  );

export const newCollege = z.object({
  slug: collegeSlug,
  name: z
    .string()
    .trim()
    .min(1, 'Enter the college name.')
    .max(200, 'A college name is at most 200 characters.'),
  host: collegeHost.optional(),
});
export type NewCollege = z.infer<typeof newCollege>;

export const collegeMessages = {
  slugTaken: (slug: string) => `Another college already has the slug "${slug}".`,
  hostTaken: (host: string) => `Another college already has the host name "${host}".`,
  noSuchCollege: 'There is no such college.',
} as const;

const { noSuchCollege } = collegeMessages;
/** A college's id: a whole number of the identity column's range. */
const collegeNumber = z
  .number({ error: noSuchCollege })
  .int({ error: noSuchCollege })
  .positive({ error: noSuchCollege })
  .max(2_147_483_647, { error: noSuchCollege });
/** A college named by its id in an address (`/api/company/colleges/:collegeId`). */
export const collegeIdParam = z.object({
  collegeId: z.coerce.number({ error: noSuchCollege }).pipe(collegeNumber),
});
/** The colleges a job is posted to, by id: none named means every college that allows the company. */
export const jobColleges = z.array(collegeNumber).max(100, { error: 'A job goes to at most 100 colleges.' });

/** The college a page without a session is about (its `/c/<slug>/` address), for the sign-in pages. */
export const currentCollege = z.object({
  slug: z.string(),
  name: z.string(),
  /** More than one college in the deployment: the sign-in pages name this one. */
  several: z.boolean(),
});
export type CurrentCollege = z.infer<typeof currentCollege>;

/** The cookie a `/c/<slug>/` address sets: the college of the sign-in and sign-up pages that follow. */
export const COLLEGE_COOKIE = 'portal_college';
