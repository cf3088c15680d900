import { describe, expect, it } from 'vitest';
import { policy as messages, verification } from './messages.ts';
import {
  debarmentInForce,
  defaultPlacementPolicy,
  type PlacementPolicy,
  type PolicyStudent,
  policyRefusal,
  tierIndex,
} from './placement-policy.ts';

const tiered: PlacementPolicy = {
  ...defaultPlacementPolicy,
  tiers: [
    { name: 'Regular', minPackage: 0 },
    { name: 'Dream', minPackage: 10 },
    { name: 'Super Dream', minPackage: 20 },
  ],
};
const noVerification = { requireVerifiedAcademics: false };
const student = (accepted: PolicyStudent['accepted'] = [], changes: Partial<PolicyStudent> = {}) => ({
  debarment: null,
  verified: true,
  accepted,
  ...changes,
});
const fullTime = (pkg: number | null) => ({ package: pkg, type: 'Full-time' as const });
const offer = (pkg: number, jobType: 'Full-time' | 'Internship' = 'Full-time') => ({ package: pkg, jobType });

describe('tiers', () => {
  it.each([
    [null, 0],
    [0, 0],
    [9.99, 0],
    [10, 1],
    [19, 1],
    [20, 2],
    [80, 2],
  ])('a package of %s LPA is in tier %i', (pkg, tier) => {
    expect(tierIndex(tiered, pkg)).toBe(tier);
  });
});

describe('policyRefusal', () => {
  const names = ['Regular', 'Dream', 'Super Dream'];
  const packages = [5, 15, 25];
  // Every pair of (accepted offer's tier, job's tier).
  for (const [accepted, acceptedName] of names.entries()) {
    for (const [job, jobName] of names.entries()) {
      const expected = accepted >= job ? messages.sameOrHigherTier(acceptedName, jobName) : null;
      it(`an accepted ${acceptedName} offer and a ${jobName} job: ${expected ?? 'may apply'}`, () => {
        expect(
          policyRefusal(
            tiered,
            fullTime(packages[job]!),
            student([offer(packages[accepted]!)]),
            noVerification,
          ),
        ).toBe(expected);
      });
    }
  }

  it('lets an unplaced student apply anywhere, and treats a job without a package as the lowest tier', () => {
    expect(policyRefusal(tiered, fullTime(null), student(), noVerification)).toBeNull();
    expect(policyRefusal(tiered, fullTime(null), student([offer(5)]), noVerification)).toBe(
      messages.sameOrHigherTier('Regular', 'Regular'),
    );
  });

  it('without higher tiers after placement, stops at max accepted offers (1 or 2)', () => {
    const strict = { ...tiered, higherTierAfterPlaced: false };
    expect(policyRefusal(strict, fullTime(25), student([offer(5)]), noVerification)).toBe(
      messages.maxOffers(1),
    );
    const two = { ...strict, maxAcceptedOffers: 2 };
    expect(policyRefusal(two, fullTime(25), student([offer(5)]), noVerification)).toBeNull();
    expect(policyRefusal(two, fullTime(25), student([offer(5), offer(15)]), noVerification)).toBe(
      messages.maxOffers(2),
    );
  });

  it('leaves internships outside the rules unless the policy counts them', () => {
    const internship = { package: 5, type: 'Internship' as const };
    expect(policyRefusal(tiered, internship, student([offer(25)]), noVerification)).toBeNull();
    expect(policyRefusal(tiered, fullTime(5), student([offer(25, 'Internship')]), noVerification)).toBeNull();
    const counting = { ...tiered, internshipsCount: true };
    expect(policyRefusal(counting, internship, student([offer(25)]), noVerification)).toBe(
      messages.sameOrHigherTier('Super Dream', 'Regular'),
    );
    expect(policyRefusal(counting, fullTime(5), student([offer(5, 'Internship')]), noVerification)).toBe(
      messages.sameOrHigherTier('Regular', 'Regular'),
    );
  });

  it('refuses a debarred student with the reason and the end date, before anything else', () => {
    const debarred = student([], { debarment: { reason: 'Skipped two interviews', until: '2026-12-31' } });
    expect(policyRefusal(tiered, fullTime(25), debarred, noVerification)).toBe(
      messages.debarred('2026-12-31', 'Skipped two interviews'),
    );
    expect(messages.debarred('2026-12-31', 'Skipped two interviews')).toBe(
      'You are debarred by the placement cell until 2026-12-31: Skipped two interviews',
    );
  });

  it('refuses an unverified student only when the college requires verified details', () => {
    const unverified = student([], { verified: false });
    expect(policyRefusal(tiered, fullTime(5), unverified, noVerification)).toBeNull();
    expect(policyRefusal(tiered, fullTime(5), unverified, { requireVerifiedAcademics: true })).toBe(
      verification.notVerified,
    );
  });
});

describe('debarmentInForce', () => {
  const debarment = { reason: 'R', until: '2026-12-31' };
  it('holds until its end date, and always without one', () => {
    expect(debarmentInForce('Debarred', debarment, '2026-12-31')).toEqual(debarment);
    expect(debarmentInForce('Debarred', debarment, '2027-01-01')).toBeNull();
    expect(debarmentInForce('Debarred', { reason: '', until: null }, '2099-01-01')).not.toBeNull();
    expect(debarmentInForce('Allowed', debarment, '2026-01-01')).toBeNull();
  });
});
