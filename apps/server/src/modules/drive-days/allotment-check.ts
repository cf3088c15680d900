import { effectiveRankings, panelEnd, panelSlots, type PanelSlot, tooClose } from './allotment-day.ts';
import type { AllotmentInput, Interview } from './allotment-types.ts';

/**
 * The one check every allotment passes before it is returned, the solver's and the greedy
 * fallback's alike. It reads only the input and the interviews (not the engines' working
 * structures), and returns what is wrong, in words for a log; an empty list is a pass.
 *
 * - every interview is a real slot of an open panel of its process, inside the panel's hours,
 *   for a student on that process's shortlist;
 * - no slot holds two students; no student has two interviews with one process;
 * - no student has two interviews that overlap or sit closer than the gap, or one while they
 *   cannot come;
 * - nothing new starts before `now`, and every locked interview is there unchanged;
 * - nobody is left out of a process that has a free slot fitting their day (so every left-out
 *   reason is true);
 * - the rank property: no student keeps a lower-ranked process while a higher-ranked one has a
 *   free slot that would fit their day without it (locked interviews excepted: they may not move).
 */

export interface CheckOptions {
  /** Slots starting before this minute are history: only locked interviews may be there. */
  now?: number;
  /** Interviews that had to stay exactly as they were. */
  locked?: Interview[];
}

const slotKey = (panelId: string, slot: number) => `${panelId}\u0000${slot}`;
const pairKey = (studentId: string, processId: string) => `${studentId}\u0000${processId}`;
const sameInterview = (a: Interview, b: Interview) =>
  a.studentId === b.studentId &&
  a.processId === b.processId &&
  a.panelId === b.panelId &&
  a.slot === b.slot &&
  a.start === b.start &&
  a.end === b.end;

export function checkAllotment(
  input: AllotmentInput,
  interviews: Interview[],
  options: CheckOptions = {},
): string[] {
  const now = options.now ?? -Infinity;
  const problems: string[] = [];
  const panels = new Map(input.panels.map((p) => [p.id, p]));
  const slotsOf = new Map(input.panels.map((p) => [p.id, panelSlots(p)]));
  const panelsOf = new Map<string, string[]>();
  for (const p of input.panels) {
    let list = panelsOf.get(p.processId);
    if (!list) panelsOf.set(p.processId, (list = []));
    list.push(p.id);
  }
  const shortlists = new Map(input.processes.map((p) => [p.id, new Set(p.candidates)]));
  const lockedKeys = new Map((options.locked ?? []).map((i) => [pairKey(i.studentId, i.processId), i]));
  const unavailable = new Map<string, [number, number][]>();
  for (const u of input.unavailable) {
    if (!(u.to > u.from)) continue;
    let list = unavailable.get(u.studentId);
    if (!list) unavailable.set(u.studentId, (list = []));
    list.push([u.from, u.to]);
  }
  const canCome = (studentId: string, start: number, end: number) =>
    (unavailable.get(studentId) ?? []).every(([from, to]) => !(start < to && from < end));

  const taken = new Set<string>();
  const held = new Map<string, Interview>();
  const days = new Map<string, Interview[]>();
  for (const i of interviews) {
    const what = `${i.studentId} with ${i.processId} on ${i.panelId} at ${i.start}`;
    const panel = panels.get(i.panelId);
    if (!panel) {
      problems.push(`${what}: no such panel`);
      continue;
    }
    if (panel.processId !== i.processId)
      problems.push(`${what}: the panel interviews for ${panel.processId}`);
    const slot = slotsOf.get(i.panelId)!.find((s) => s.slot === i.slot);
    if (!slot || slot.start !== i.start || slot.end !== i.end)
      problems.push(`${what}: not a slot of the panel (closed, moved or never there)`);
    if (i.start < panel.start || i.end > panelEnd(panel) || i.end <= i.start)
      problems.push(`${what}: outside the panel's hours`);
    if (!shortlists.get(i.processId)?.has(i.studentId)) problems.push(`${what}: not on the shortlist`);
    const sk = slotKey(i.panelId, i.slot);
    if (taken.has(sk)) problems.push(`${what}: the slot holds another student too`);
    taken.add(sk);
    const pk = pairKey(i.studentId, i.processId);
    if (held.has(pk)) problems.push(`${what}: a second interview with the process`);
    held.set(pk, i);
    // A locked interview that has begun is history: the student was there, whatever came later.
    const locked = lockedKeys.get(pk);
    const isLocked = locked !== undefined && sameInterview(locked, i);
    if (!(isLocked && i.start < now) && !canCome(i.studentId, i.start, i.end))
      problems.push(`${what}: the student cannot come then`);
    if (i.start < now && !isLocked) problems.push(`${what}: placed in the past`);
    let day = days.get(i.studentId);
    if (!day) days.set(i.studentId, (day = []));
    day.push(i);
  }
  for (const locked of options.locked ?? []) {
    const i = held.get(pairKey(locked.studentId, locked.processId));
    if (!i || !sameInterview(i, locked))
      problems.push(`${locked.studentId} with ${locked.processId}: a locked interview moved or went`);
  }
  for (const [studentId, day] of days) {
    day.sort((a, b) => a.start - b.start);
    for (let k = 1; k < day.length; k++) {
      const a = day[k - 1]!;
      const b = day[k]!;
      if (tooClose(a.start, a.end, b.start, b.end, input.gapMinutes))
        problems.push(
          `${studentId}: ${a.processId} at ${a.start} and ${b.processId} at ${b.start} are too close`,
        );
    }
  }

  // Free future slots that would fit a student's day, less `without` (one of their interviews).
  const fitsFree = (studentId: string, processId: string, without?: Interview) => {
    const day = (days.get(studentId) ?? []).filter((i) => i !== without);
    const fits = (s: PanelSlot) =>
      s.start >= now &&
      canCome(studentId, s.start, s.end) &&
      day.every((i) => !tooClose(s.start, s.end, i.start, i.end, input.gapMinutes));
    return (panelsOf.get(processId) ?? []).some((panelId) =>
      slotsOf.get(panelId)!.some((s) => !taken.has(slotKey(panelId, s.slot)) && fits(s)),
    );
  };
  for (const [studentId, ranking] of effectiveRankings(input)) {
    const placed = ranking.map((processId) => held.get(pairKey(studentId, processId)));
    ranking.forEach((processId, rank) => {
      if (placed[rank]) return;
      if (fitsFree(studentId, processId))
        problems.push(`${studentId} is left out of ${processId} though a free slot fits their day`);
      for (let worse = ranking.length - 1; worse > rank; worse--) {
        const i = placed[worse];
        if (!i || lockedKeys.has(pairKey(studentId, i.processId))) continue;
        if (fitsFree(studentId, processId, i))
          problems.push(
            `${studentId} has ${i.processId} though ${processId}, ranked higher, has a free slot that fits instead`,
          );
      }
    });
  }
  return problems;
}
