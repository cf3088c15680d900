import { describe, expect, it } from 'vitest';
import { erasure } from './messages.ts';
import { erasureRefusal, retentionDueYear } from './own-data.ts';

const today = new Date('2026-11-24T12:00:00Z');

describe('erasureRefusal', () => {
  it('allows a graduate of a past year with no offer waiting', () => {
    expect(erasureRefusal({ status: 'Allowed', yearOfPassing: 2025, pendingOffers: 0 }, today)).toBeNull();
  });
  it('refuses this year, an unknown year, a waiting offer and an erased account', () => {
    expect(erasureRefusal({ status: 'Allowed', yearOfPassing: 2026, pendingOffers: 0 }, today)).toBe(
      erasure.notGraduated(2026),
    );
    expect(erasureRefusal({ status: 'Allowed', yearOfPassing: null, pendingOffers: 0 }, today)).toBe(
      erasure.notGraduated(null),
    );
    expect(erasureRefusal({ status: 'Allowed', yearOfPassing: 2020, pendingOffers: 1 }, today)).toBe(
      erasure.pendingOffer,
    );
    expect(erasureRefusal({ status: 'Erased', yearOfPassing: 2020, pendingOffers: 0 }, today)).toBe(
      erasure.alreadyErased,
    );
  });
});

describe('retentionDueYear', () => {
  it('is due from 1 January after the year of passing plus the months', () => {
    expect(retentionDueYear(0, today)).toBe(2025);
    // 2025 + 10 months: due from 1 November 2026, so already due on 24 November.
    expect(retentionDueYear(10, today)).toBe(2025);
    // 2025 + 11 months: due from 1 December 2026, not yet.
    expect(retentionDueYear(11, today)).toBe(2024);
    expect(retentionDueYear(24, today)).toBe(2023);
    expect(retentionDueYear(0, new Date('2027-01-01T00:00:00Z'))).toBe(2026);
  });
});
