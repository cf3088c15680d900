import {
  type BoardEntry,
  type BoardPanel,
  type BoardState,
  type DriveDayStage,
  timeOfMinute,
} from '@portal/contracts/drive-days';
import { panelSlots } from './allotment-day.ts';
import type { AllotmentPanel } from './allotment-types.ts';
import type { DriveDaysRepo } from './drive-days.repo.ts';

/*
 * The room board of a panel, from its interview rows: where each student stands, who waits in slot
 * order, and who goes in next. Each expected time is the slot's time moved by the panel's delays
 * (a panel running late), so it is read from the panel, not from the row's published start.
 */

type PanelJoin = Awaited<ReturnType<DriveDaysRepo['panels']>>[number];
type InterviewRow = Awaited<ReturnType<DriveDaysRepo['interviews']>>[number];

/** The engine's view of a panel (its slots, delays and closing). */
export const enginePanel = (p: PanelJoin['panel']): AllotmentPanel => ({
  id: p.id,
  processId: `${p.jobId}|${p.stage}`,
  start: p.startMinute,
  end: p.endMinute,
  slotMinutes: p.slotMinutes,
  bufferMinutes: p.bufferMinutes,
  ...(p.closedFrom !== null ? { closedFrom: p.closedFrom } : {}),
  ...(p.delays.length ? { delays: p.delays } : {}),
});

export const stateOf = (i: InterviewRow): BoardState =>
  i.noShowReason !== null && !i.noShowWaived
    ? 'no-show'
    : i.checkedOutAt
      ? 'done'
      : i.calledInAt
        ? 'in-room'
        : i.checkedInAt
          ? 'waiting'
          : 'expected';

const stamp = (at: Date | null, by: string | null) => (at ? { at: at.toISOString(), by: by ?? '' } : null);

/**
 * The board of one panel: its live interviews in slot order, each with its expected time (`instantOf`
 * turns a minute of the day into an instant), and the first waiting student as the next one.
 */
export function boardPanelOf(
  p: PanelJoin,
  rows: InterviewRow[],
  instantOf: (minute: number) => Date,
): BoardPanel {
  const slots = new Map(panelSlots(enginePanel(p.panel)).map((s) => [s.slot, s.start]));
  const entries: BoardEntry[] = rows
    .filter((i) => i.panelId === p.panel.id)
    .sort((a, b) => a.slot - b.slot)
    .map((i) => {
      const minute = slots.get(i.slot);
      return {
        interviewId: i.id,
        student: `${i.firstName} ${i.lastName}`,
        slot: i.slot,
        expected: (minute === undefined ? i.startAt : instantOf(minute)).toISOString(),
        state: stateOf(i),
        checkedIn: stamp(i.checkedInAt, i.checkedInBy),
        calledIn: stamp(i.calledInAt, i.calledInBy),
        checkedOut: stamp(i.checkedOutAt, i.checkedOutBy),
        result: i.result ? { result: i.result, by: i.resultBy ?? '' } : null,
        noShow: i.noShowReason !== null && !i.noShowWaived ? i.noShowReason : null,
      };
    });
  return {
    panelId: p.panel.id,
    company: p.company,
    role: p.role,
    stage: p.panel.stage as DriveDayStage,
    place: p.roomName ?? p.panel.onlineLink,
    lateMinutes: p.panel.delays.reduce((sum, d) => sum + d.minutes, 0),
    closedFrom: p.panel.closedFrom === null ? null : timeOfMinute(p.panel.closedFrom),
    nextId: entries.find((e) => e.state === 'waiting')?.interviewId ?? null,
    entries,
  };
}
