import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { dateInZone, startOfDayInZone, wallClock, wallClockByFormatter } from './dates.ts';

// Zones with summer time, half and quarter hours, a 30-minute summer shift, a date-line jump.
const zones = [
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Europe/London',
  'America/New_York',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Apia',
  'UTC',
];

describe('wallClock', () => {
  test.prop(
    [
      fc.date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      fc.constantFrom(...zones),
    ],
    { numRuns: 2000 },
  )('reads the same fields as the zone’s formatter', (at, zone) => {
    expect(wallClock(at, zone)).toEqual(wallClockByFormatter(at, zone));
  });

  it('turns the clocks at the instants summer time starts and ends', () => {
    // London: 2026-03-29 01:00 UTC becomes 02:00 BST; 2026-10-25 01:00 UTC goes back to 01:00 GMT.
    expect(wallClock(new Date('2026-03-29T00:59:59Z'), 'Europe/London')).toMatchObject({
      h: 0,
      mi: 59,
      s: 59,
    });
    expect(wallClock(new Date('2026-03-29T01:00:00Z'), 'Europe/London')).toMatchObject({ h: 2, mi: 0 });
    expect(wallClock(new Date('2026-10-25T00:59:59Z'), 'Europe/London')).toMatchObject({ h: 1, mi: 59 });
    expect(wallClock(new Date('2026-10-25T01:00:00Z'), 'Europe/London')).toMatchObject({ h: 1, mi: 0 });
    // Kolkata has kept +05:30 since 1945: its day turns at 18:30 UTC.
    expect(dateInZone(new Date('2026-11-24T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-24');
    expect(dateInZone(new Date('2026-11-24T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-25');
    expect(startOfDayInZone('2026-11-25', 'Asia/Kolkata').toISOString()).toBe('2026-11-24T18:30:00.000Z');
  });

  it('refuses an unknown zone and an invalid date as the formatter does', () => {
    expect(() => wallClock(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => wallClock(new Date(Number.NaN), 'Asia/Kolkata')).toThrow(RangeError);
  });
});
