import { describe, expect, it } from 'vitest';
import { dateInZone } from './dates.ts';
import { erasure } from './messages.ts';
import { erasureRefusal, retentionDueYear } from './own-data.ts';

const today = '2026-11-24';

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
  it("turns the year at midnight in the deployment's zone: 23:30 UTC on 31 December is 1 January in India", () => {
    const newYearsEve = new Date('2026-12-31T23:30:00Z');
    const graduate = { status: 'Allowed', yearOfPassing: 2026, pendingOffers: 0 };
    expect(erasureRefusal(graduate, dateInZone(newYearsEve, 'Asia/Kolkata'))).toBeNull();
    expect(erasureRefusal(graduate, dateInZone(newYearsEve, 'UTC'))).toBe(erasure.notGraduated(2026));
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
    expect(retentionDueYear(0, '2027-01-01')).toBe(2026);
    expect(retentionDueYear(0, '2026-12-31')).toBe(2025);
  });
  it("turns the year and the month at midnight in the deployment's zone", () => {
    const newYearsEve = new Date('2026-12-31T23:30:00Z');
    expect(retentionDueYear(0, dateInZone(newYearsEve, 'Asia/Kolkata'))).toBe(2026);
    expect(retentionDueYear(0, dateInZone(newYearsEve, 'UTC'))).toBe(2025);
    // 2026 + 1 month: due from 1 February 2027, which in India begins at 18:30 UTC on 31 January.
    const endOfJanuary = new Date('2027-01-31T23:30:00Z');
    expect(retentionDueYear(1, dateInZone(endOfJanuary, 'Asia/Kolkata'))).toBe(2026);
    expect(retentionDueYear(1, dateInZone(endOfJanuary, 'UTC'))).toBe(2025);
  });
});
