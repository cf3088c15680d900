import { describe, expect, it } from 'vitest';
import { boardPanelOf } from './board-queue.ts';

type PanelJoin = Parameters<typeof boardPanelOf>[0];
type Row = Parameters<typeof boardPanelOf>[1][number];

const day = Date.parse('2030-01-10T00:00:00Z');
const instantOf = (minute: number) => new Date(day + minute * 60_000);

/** A panel of 09:00–11:00, 30-minute slots without buffer, 15 minutes late from 10:00. */
const panel = {
  panel: {
    id: 'p1',
    jobId: 'j1',
    stage: 'Technical Interview',
    roomId: 'r1',
    onlineLink: '',
    slotMinutes: 30,
    bufferMinutes: 0,
    startMinute: 540,
    endMinute: 660,
    closedFrom: null,
    delays: [{ from: 600, minutes: 15 }],
  },
  company: 'Globex',
  role: 'Analyst',
  roomName: 'Room 2',
} as unknown as PanelJoin;

const row = (slot: number, state: Partial<Row> = {}): Row =>
  ({
    id: `i${slot}`,
    panelId: 'p1',
    slot,
    firstName: `Student${slot}`,
    lastName: 'Tester',
    startAt: instantOf(540 + slot * 30),
    noShowReason: null,
    noShowWaived: null,
    checkedInAt: null,
    checkedInBy: null,
    calledInAt: null,
    calledInBy: null,
    checkedOutAt: null,
    checkedOutBy: null,
    result: null,
    resultBy: null,
    ...state,
  }) as Row;

const at = new Date(day);

describe('the board of a panel', () => {
  it('moves the expected times of the slots a delay covers, and says by how much the panel runs late', () => {
    const b = boardPanelOf(panel, [row(3), row(0), row(2), row(1)], instantOf);
    expect(b.lateMinutes).toBe(15);
    expect(b.place).toBe('Room 2');
    expect(b.entries.map((e) => [e.slot, e.expected.slice(11, 16)])).toEqual([
      [0, '09:00'],
      [1, '09:30'],
      [2, '10:15'],
      [3, '10:45'],
    ]);
  });

  it('takes as next the first who checked in and waits, in slot order, not the first slot', () => {
    const b = boardPanelOf(
      panel,
      [
        row(0, {
          checkedInAt: at,
          calledInAt: at,
          checkedOutAt: at,
          result: 'next-stage',
          resultBy: 'Globex',
        }),
        row(1, { noShowReason: 'Did not come' }),
        row(2),
        row(3, { checkedInAt: at, checkedInBy: 'Vani' }),
      ],
      instantOf,
    );
    expect(b.entries.map((e) => e.state)).toEqual(['done', 'no-show', 'expected', 'waiting']);
    expect(b.nextId).toBe('i3');
    expect(b.entries[0]!.result).toEqual({ result: 'next-stage', by: 'Globex' });
    expect(b.entries[3]!.checkedIn).toEqual({ at: at.toISOString(), by: 'Vani' });
  });

  it('counts a waived no-show as no absence, and nobody is next while nobody waits', () => {
    const b = boardPanelOf(panel, [row(0, { noShowReason: 'Late bus', noShowWaived: true })], instantOf);
    expect(b.entries[0]!.state).toBe('expected');
    expect(b.entries[0]!.noShow).toBeNull();
    expect(b.nextId).toBeNull();
  });
});
