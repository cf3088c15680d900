import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';

describe('the clock', () => {
  // 23:30 UTC on New Year's Eve is 05:00 on New Year's Day in India.
  const newYear = new Date('2026-12-31T23:30:00Z');

  it("reads today in the deployment's zone, not in UTC", () => {
    const kolkata = createClock('Asia/Kolkata', () => newYear);
    expect(kolkata.today()).toBe('2027-01-01');
    expect(kolkata.startOfToday().toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(kolkata.startOfTomorrow().toISOString()).toBe('2027-01-01T18:30:00.000Z');
    expect(kolkata.dateOf(new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');

    const utc = createClock('UTC', () => newYear);
    expect(utc.today()).toBe('2026-12-31');
    expect(utc.startOfTomorrow().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('follows the time it is given, and counts from it', () => {
    let at = newYear;
    const clock = createClock('Asia/Kolkata', () => at);
    expect(clock.now()).toBe(newYear);
    expect(clock.fromNow(-60_000).toISOString()).toBe('2026-12-31T23:29:00.000Z');
    at = new Date('2027-01-01T18:30:00Z');
    expect(clock.today()).toBe('2027-01-02');
    expect(clock.startOf('2027-01-02').toISOString()).toBe('2027-01-01T18:30:00.000Z');
  });

  it('tells the real time when no time is given', () => {
    const before = Date.now();
    const now = createClock('Asia/Kolkata').now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
