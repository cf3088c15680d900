import { lpa } from './lpa.ts';

/** A package figure of the statistics; there is none before the first offer. */
export const packageText = (value: number | null) => (value === null ? 'No offers yet' : lpa(value));

/** A share of 0 to 1 as a percentage with at most one decimal: 0.3333 -> "33.3%". */
export const percent = (share: number) => `${Number((share * 100).toFixed(1))}%`;

/** Placed of total as a percentage, 0% when there is nobody to place. */
export const rateOf = (placed: number, total: number) => percent(total === 0 ? 0 : placed / total);

/** One group of a placed / not placed chart: a degree or a year of passing. */
export type Cohort = { label: string; total: number; placed: number };

/**
 * What a placed / not placed chart shows, as the sentence a screen reader reads in its place:
 * "Placed by degree: B.Tech, 3 of 5 placed; M.Tech, 1 of 1 placed."
 */
export const cohortSummary = (title: string, cohorts: readonly Cohort[]) =>
  cohorts.length === 0
    ? `${title}: no students yet.`
    : `${title}: ${cohorts.map((c) => `${c.label}, ${c.placed} of ${c.total} placed`).join('; ')}.`;

/** What a chart of counts shows, as a sentence: "Applications per stage: Shortlisted 4, Rejected 1." */
export const countSummary = (title: string, counts: readonly { label: string; count: number }[]) =>
  counts.length === 0
    ? `${title}: none yet.`
    : `${title}: ${counts.map((c) => `${c.label} ${c.count}`).join(', ')}.`;
