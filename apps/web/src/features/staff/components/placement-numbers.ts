import { lpa } from '../../../lib/lpa.ts';

/** A package figure of the statistics; there is none before the first offer. */
export const packageText = (value: number | null) => (value === null ? 'No offers yet' : lpa(value));

/** A share of 0 to 1 as a percentage with at most one decimal: 0.3333 -> "33.3%". */
export const percent = (share: number) => `${Number((share * 100).toFixed(1))}%`;

/** Placed of total as a percentage, 0% when there is nobody to place. */
export const rateOf = (placed: number, total: number) => percent(total === 0 ? 0 : placed / total);
