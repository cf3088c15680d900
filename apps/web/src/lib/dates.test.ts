import { afterEach, describe, expect, it } from 'vitest';
import {
  deadlineInWords,
  fromDateTimeLocal,
  localDate,
  localDateTime,
  setDisplayTimeZone,
  shortDateTime,
  toDateTimeLocal,
} from './dates.ts';

afterEach(() => setDisplayTimeZone('Asia/Kolkata'));

describe('times in the deployment zone', () => {
  it('shows times in Asia/Kolkata by default with the zone named', () => {
    expect(shortDateTime('2026-12-10T04:30:00.000Z')).toBe('10 Dec 2026, 10:00 IST');
    expect(localDateTime('2026-12-10T04:30:00.000Z')).toBe('Thursday, 10 December 2026 at 10:00 IST');
  });

  it('reads and writes schedule inputs in that zone, whatever the browser zone', () => {
    expect(toDateTimeLocal('2099-03-10T05:00:00.000Z')).toBe('2099-03-10T10:30');
    expect(fromDateTimeLocal('2099-03-10T10:30')).toBe('2099-03-10T05:00:00.000Z');
    expect(fromDateTimeLocal('')).toBeNull();
  });

  it('follows the zone the server names, across a change of offset', () => {
    setDisplayTimeZone('Europe/London');
    expect(fromDateTimeLocal('2026-07-01T10:00')).toBe('2026-07-01T09:00:00.000Z');
    expect(fromDateTimeLocal('2026-12-01T10:00')).toBe('2026-12-01T10:00:00.000Z');
    expect(shortDateTime('2026-07-01T09:00:00.000Z')).toBe('1 Jul 2026, 10:00 GMT+1');
    setDisplayTimeZone('Not/AZone');
    expect(toDateTimeLocal('2026-12-01T10:00:00.000Z')).toBe('2026-12-01T10:00');
  });

  it("takes today from the deployment's zone, as the server counts deadlines, not the browser's", () => {
    // 00:30 IST on 25 November is 24 November in UTC and in the Americas.
    expect(localDate(new Date('2026-11-24T19:00:00Z'))).toBe('2026-11-25');
    setDisplayTimeZone('America/New_York');
    expect(localDate(new Date('2026-11-24T19:00:00Z'))).toBe('2026-11-24');
  });
});

describe('deadlineInWords', () => {
  it('counts the days from today in the zone and gives the day in short', () => {
    expect(deadlineInWords('2026-12-26', '2026-12-23')).toBe('closes in 3 days, 26 Dec');
    expect(deadlineInWords('2026-12-24', '2026-12-23')).toBe('closes tomorrow, 24 Dec');
    expect(deadlineInWords('2026-12-23', '2026-12-23')).toBe('closes today, 23 Dec');
    expect(deadlineInWords('2026-12-20T00:00:00.000Z', '2026-12-23')).toBe('closed on 20 Dec');
    // Across New Year the year is given.
    expect(deadlineInWords('2027-01-02', '2026-12-30')).toBe('closes in 3 days, 2 Jan 2027');
  });
});
