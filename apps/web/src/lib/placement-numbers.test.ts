import { describe, expect, it } from 'vitest';
import { cohortSummary, countSummary, packageText, percent, rateOf } from './placement-numbers.ts';

describe('placement numbers', () => {
  it('writes packages, shares and rates as the statistics show them', () => {
    expect(packageText(null)).toBe('No offers yet');
    expect(percent(1 / 3)).toBe('33.3%');
    expect(rateOf(0, 0)).toBe('0%');
  });

  it("reads a placed / not placed chart's figures as one sentence", () => {
    expect(
      cohortSummary('Placed by degree', [
        { label: 'B.Tech', total: 5, placed: 3 },
        { label: 'M.Tech', total: 1, placed: 1 },
      ]),
    ).toBe('Placed by degree: B.Tech, 3 of 5 placed; M.Tech, 1 of 1 placed.');
    expect(cohortSummary('Placed by year of passing', [])).toBe(
      'Placed by year of passing: no students yet.',
    );
  });

  it('reads a chart of counts as one sentence', () => {
    expect(
      countSummary('Applications per stage', [
        { label: 'Shortlisted', count: 4 },
        { label: 'Rejected', count: 1 },
      ]),
    ).toBe('Applications per stage: Shortlisted 4, Rejected 1.');
    expect(countSummary('Applications per stage', [])).toBe('Applications per stage: none yet.');
  });
});
