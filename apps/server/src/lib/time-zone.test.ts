import { describe, expect, it } from 'vitest';
import { dateInZone, startOfDayInZone, zoneName } from '@portal/contracts/dates';
import { formatInZone } from './time-zone.ts';

describe("the deployment's day", () => {
  it('turns at midnight in the zone, not at midnight UTC', () => {
    // 00:30 IST on the 25th is still the 24th in UTC: a deadline of the 24th has passed in India.
    expect(dateInZone(new Date('2026-11-24T19:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-25');
    expect(dateInZone(new Date('2026-11-24T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-24');
    expect(dateInZone(new Date('2026-11-24T19:00:00Z'), 'UTC')).toBe('2026-11-24');
    expect(dateInZone(new Date('2026-11-25T03:00:00Z'), 'America/New_York')).toBe('2026-11-24');
  });

  it('begins at the instant of local midnight, summer time or not', () => {
    expect(startOfDayInZone('2026-11-25', 'Asia/Kolkata').toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(startOfDayInZone('2026-11-25', 'UTC').toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(startOfDayInZone('2026-01-15', 'Europe/London').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(startOfDayInZone('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    // The days the clocks change: midnight is before the change, in the offset of the day before.
    expect(startOfDayInZone('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDayInZone('2026-10-25', 'Europe/London').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(startOfDayInZone('2026-11-25', 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-25T08:00:00.000Z',
    );
  });

  it('names the zone as people in India read it beside each time', () => {
    const at = new Date('2026-11-24T19:00:00Z');
    expect(zoneName(at, 'Asia/Kolkata')).toBe('IST');
    expect(formatInZone(at, 'Asia/Kolkata')).toBe('25 Nov 2026, 12:30 am IST');
  });
});
