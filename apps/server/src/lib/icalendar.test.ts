import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, writeCalendar } from './icalendar.ts';

const parse = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return { calendar, event: calendar.getFirstSubcomponent('vevent')! };
};

/** Text a user may type: commas, semicolons, backslashes, newlines, accents, Devanagari, emoji. */
const userText = fc
  .array(
    fc.oneof(
      fc.constantFrom(',', ';', '\\', '\n', ':', '"', ' ', 'é', 'अ', 'ञ्', '😀', '中'),
      fc.string({ minLength: 1, maxLength: 8 }),
    ),
    { minLength: 1, maxLength: 40 },
  )
  .map((parts) => parts.join(''))
  // Control characters other than newline are dropped by the writer; leave them out of the comparison.
  .map((s) =>
    [...s].filter((c) => c === '\n' || (c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)).join(''),
  )
  .filter((s) => s.length > 0);

const octets = (line: string) => new TextEncoder().encode(line).length;

describe('the iCalendar writer', () => {
  it('writes text that ical.js reads back unchanged, in CRLF lines of at most 75 octets', () => {
    fc.assert(
      fc.property(userText, userText, userText, (summary, location, description) => {
        const start = new Date('2026-12-10T04:30:00Z');
        const ics = writeCalendar({
          method: 'REQUEST',
          stamp: new Date('2026-11-01T00:00:00Z'),
          events: [
            {
              uid: 'application-1-hr-interview@portal.test',
              sequence: 3,
              summary,
              location,
              description,
              start,
            },
          ],
        });
        expect(ics.endsWith('\r\n')).toBe(true);
        const lines = ics.slice(0, -2).split('\r\n');
        for (const line of lines) {
          expect(octets(line)).toBeLessThanOrEqual(75);
          expect(line).not.toMatch(/[\r\n]/);
        }
        const { event } = parse(ics);
        expect(event.getFirstPropertyValue('summary')).toBe(summary);
        expect(event.getFirstPropertyValue('location')).toBe(location);
        expect(event.getFirstPropertyValue('description')).toBe(description);
      }),
      { numRuns: 300 },
    );
  });

  it('folds without splitting a character and unfolds to the same line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const line = `SUMMARY:${text}`;
        const folded = foldLine(line);
        for (const part of folded.split('\r\n')) expect(octets(part)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }),
    );
  });

  it('writes times in UTC, an hour long by default, with the UID, sequence and method', () => {
    const ics = writeCalendar({
      method: 'CANCEL',
      stamp: new Date('2026-11-01T00:00:00Z'),
      events: [
        {
          uid: 'application-9-technical-interview@portal.test',
          sequence: 2,
          summary: 'Technical Interview — Engineer at Acme, Inc.',
          start: new Date('2026-12-10T04:30:00Z'),
          cancelled: true,
          organizer: { name: 'Acme, Inc.', email: 'no-reply@portal.test' },
        },
      ],
    });
    expect(ics).toContain('DTSTART:20261210T043000Z\r\n');
    expect(ics).toContain('DTEND:20261210T053000Z\r\n');
    expect(ics).toContain('DTSTAMP:20261101T000000Z\r\n');
    const { calendar, event } = parse(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.getFirstPropertyValue('uid')).toBe('application-9-technical-interview@portal.test');
    expect(event.getFirstPropertyValue('sequence')).toBe(2);
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.getFirstPropertyValue('summary')).toBe('Technical Interview — Engineer at Acme, Inc.');
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.toJSDate().toISOString()).toBe('2026-12-10T04:30:00.000Z');
  });

  it('writes an all-day event for a date', () => {
    const ics = writeCalendar({
      stamp: new Date('2026-11-01T00:00:00Z'),
      events: [{ uid: 'x@y', sequence: 0, summary: 'Deadline', start: { date: '2026-12-31' } }],
    });
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20270101\r\n');
  });
});
