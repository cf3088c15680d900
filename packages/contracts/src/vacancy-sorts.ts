/**
 * The orders the student's vacancy list can be sorted in (jobs.ts builds the query's schema on
 * them). A module of their own, without zod: the vacancy page reads them in the browser and loads
 * no schema library for it.
 */
export const vacancySorts = ['deadline', 'newest', 'package'] as const;
