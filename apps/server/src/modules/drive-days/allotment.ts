import { type CheckOptions, checkAllotment } from './allotment-check.ts';
import {
  type Assignment,
  available,
  candidacyOf,
  compileDay,
  type Day,
  fitsDay,
  freshProblem,
  panelEnd,
  place,
  type Problem,
  toInterviews,
  tooClose,
} from './allotment-day.ts';
import { greedy, type GreedyEngine, improve } from './allotment-greedy.ts';
import { highsSolver, type MilpSolver, optimise } from './allotment-model.ts';
import type {
  Allotment,
  AllotmentChanges,
  AllotmentInput,
  AllotmentStats,
  DayChange,
  Interview,
  LeftOut,
  LeftOutReason,
  Reallotment,
  SlotRef,
} from './allotment-types.ts';

/**
 * The drive-day allotment: every student at an interview stage with several companies gets
 * slots that never overlap and keep the gap between them.
 *
 * `allot` builds the greedy allotment, hands it to HiGHS as a starting point for the model in
 * allotment-model.ts, improves the solver's answer locally (allotment-greedy.ts) and checks it
 * (allotment-check.ts). An answer that fails the check, or a solver that fails, gives way to the
 * greedy allotment, checked the same way; if that fails too, `allot` throws: nothing unchecked is
 * ever returned. `reallot` applies a change to a published allotment and re-allots the rest of the
 * day, moving only the students the change touched.
 */

export interface AllotOptions {
  /** Seconds the whole call may take, about (default 8): the solver gets what is left of it. */
  timeLimitSeconds?: number;
  /** The solver (default HiGHS); `'none'` publishes the greedy allotment (checked). */
  solver?: MilpSolver | 'none';
  /** The greedy fallback (a seam for tests of the fallback's own check). */
  greedy?: GreedyEngine;
}

/** Options of a re-allotment; its time limit defaults to 2 seconds. */
export interface ReallotOptions extends AllotOptions {
  /** The current minute: slots that started before it are history and stay as they were. */
  now: number;
}

const DEFAULT_TIME_LIMIT_SECONDS = 8;
/** A re-allotment happens while the day goes on: it gets 2 seconds unless told otherwise. */
const REALLOT_TIME_LIMIT_SECONDS = 2;
/** Time kept back from the solver for reading, improving and checking its answer. */
const RESERVE_SECONDS = 1;

const count = (a: Assignment) => a.slotOf.reduce((n, s) => n + (s >= 0 ? 1 : 0), 0);

async function solve(
  problem: Problem,
  options: AllotOptions,
  check: CheckOptions,
  started: number,
): Promise<{ assignment: Assignment; stats: Omit<AllotmentStats, 'candidacies' | 'leftOut'> }> {
  const { day } = problem;
  const limit = options.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS;
  const greedyStarted = performance.now();
  const greedyAnswer = (options.greedy ?? greedy)(problem);
  const greedyMs = performance.now() - greedyStarted;
  const solverStarted = performance.now();
  let chosen: Assignment | undefined;
  let fallbackReason: string | undefined;
  let solverStatus: string | undefined;
  let model: AllotmentStats['model'];
  if (options.solver !== 'none') {
    try {
      const deadline = started + (limit - RESERVE_SECONDS) * 1000;
      const optimised = await optimise(problem, greedyAnswer, options.solver ?? highsSolver, deadline);
      model = optimised.model;
      solverStatus = optimised.status;
      const answer = optimised.assignment;
      improve(problem, answer);
      const problems = checkAllotment(day.input, toInterviews(day, answer), check);
      if (problems.length > 0)
        throw new Error(`the solver's allotment failed the check: ${problems.slice(0, 3).join('; ')}`);
      if (count(answer) < count(greedyAnswer))
        throw new Error('the solver placed fewer interviews than the greedy allotment it started from');
      chosen = answer;
    } catch (error) {
      fallbackReason = error instanceof Error ? error.message : String(error);
    }
  } else {
    fallbackReason = 'no solver asked for';
  }
  const solverMs = performance.now() - solverStarted;
  if (!chosen) {
    const problems = checkAllotment(day.input, toInterviews(day, greedyAnswer), check);
    if (problems.length > 0)
      throw new Error(`the greedy allotment failed the check: ${problems.slice(0, 3).join('; ')}`);
  }
  return {
    assignment: chosen ?? greedyAnswer,
    stats: {
      interviews: count(chosen ?? greedyAnswer),
      studentsWithoutInterview: 0,
      method: chosen ? 'solver' : 'greedy',
      ...(fallbackReason !== undefined && { fallbackReason }),
      ...(solverStatus !== undefined && { solverStatus }),
      ...(model && { model }),
      greedyInterviews: count(greedyAnswer),
      milliseconds: { total: 0, greedy: greedyMs, solver: solverMs },
    },
  };
}

/** Why each candidacy without an interview has none (see `LeftOutReason`). */
function leftOut(problem: Problem, a: Assignment): LeftOut[] {
  const { day, now } = problem;
  const list: LeftOut[] = [];
  a.slotOf.forEach((s, c) => {
    if (s >= 0) return;
    const candidacy = day.candidacies[c]!;
    const future = day.processClasses[candidacy.process]!.map((k) => day.classes[k]!).filter(
      (tc) => tc.start >= now,
    );
    const open = future.filter((tc) => available(day, candidacy.student, tc.start, tc.end));
    const reason: LeftOutReason =
      future.length === 0
        ? 'no-slots'
        : open.length === 0
          ? 'unavailable'
          : open.some((tc) => fitsDay(day, a, candidacy.student, tc.start, tc.end))
            ? 'capacity'
            : 'clash';
    list.push({
      studentId: day.students[candidacy.student]!,
      processId: day.processes[candidacy.process]!.id,
      reason,
    });
  });
  return list.sort((x, y) => compare(x.studentId, y.studentId) || compare(x.processId, y.processId));
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function finish(
  problem: Problem,
  a: Assignment,
  stats: Omit<AllotmentStats, 'candidacies' | 'leftOut'>,
  started: number,
): Allotment {
  const { day } = problem;
  const out = leftOut(problem, a);
  const placedStudents = new Set<number>();
  a.slotOf.forEach((s, c) => {
    if (s >= 0) placedStudents.add(day.candidacies[c]!.student);
  });
  return {
    input: day.input,
    interviews: toInterviews(day, a),
    leftOut: out,
    stats: {
      ...stats,
      candidacies: day.candidacies.length,
      leftOut: out.length,
      studentsWithoutInterview: day.students.length - placedStudents.size,
      milliseconds: { ...stats.milliseconds, total: performance.now() - started },
    },
  };
}

export async function allot(input: AllotmentInput, options: AllotOptions = {}): Promise<Allotment> {
  const started = performance.now();
  const problem = freshProblem(compileDay(input));
  const { assignment, stats } = await solve(problem, options, {}, started);
  return finish(problem, assignment, stats, started);
}

/**
 * The day after a change. Times in the past are moved up to `now`: what happened before it
 * happened (a panel closed "at 10:00" at 10:20 keeps its 10:00 interview).
 */
export function applyChange(input: AllotmentInput, change: DayChange, now: number): AllotmentInput {
  const panel = (id: string) => {
    const found = input.panels.find((p) => p.id === id);
    if (!found) throw new Error(`no panel ${id} on this day`);
    return found;
  };
  switch (change.kind) {
    case 'panel-closed': {
      const closing = panel(change.panelId);
      const at = Math.max(change.at, now);
      return {
        ...input,
        panels: input.panels.map((p) =>
          p === closing ? { ...p, closedFrom: Math.min(p.closedFrom ?? Infinity, at) } : p,
        ),
      };
    }
    case 'panel-added':
      if (input.panels.some((p) => p.id === change.panel.id))
        throw new Error(`panel ${change.panel.id} is already on this day`);
      return { ...input, panels: [...input.panels, change.panel] };
    case 'running-late': {
      if (!(change.minutes > 0)) throw new Error('running late needs a positive number of minutes');
      const late = new Set(change.panelIds.map((id) => panel(id)));
      const delay = { from: Math.max(change.from, now), minutes: change.minutes };
      return {
        ...input,
        panels: input.panels.map((p) => (late.has(p) ? { ...p, delays: [...(p.delays ?? []), delay] } : p)),
      };
    }
    case 'student-unavailable': {
      const endOfDay = Math.max(24 * 60, ...input.panels.map(panelEnd));
      return {
        ...input,
        unavailable: [
          ...input.unavailable,
          { studentId: change.studentId, from: Math.max(change.from, now), to: change.to ?? endOfDay },
        ],
      };
    }
  }
}

const ref = (i: Interview): SlotRef => ({ panelId: i.panelId, slot: i.slot, start: i.start, end: i.end });
const pair = (i: { studentId: string; processId: string }) => `${i.studentId}\u0000${i.processId}`;

/**
 * Re-allots the rest of the day after a change. Interviews that began before `now` stay. A
 * student the change did not touch keeps every interview (at its new time when their panel runs
 * late). A student who lost a slot (its panel closed, they cannot come then, or a late panel now
 * runs into another of their interviews) is re-allotted, their other interviews free to move, each
 * kept where it was when it can be. Freed and new slots go to candidates left out so far.
 */
export async function reallot(
  previous: Allotment,
  change: DayChange,
  options: ReallotOptions,
): Promise<Reallotment> {
  const started = performance.now();
  const { now } = options;
  const day = compileDay(applyChange(previous.input, change, now));
  const problem = freshProblem(day);
  problem.now = now;

  const byStudent = new Map<number, { c: number; slot: number; moved: boolean; past: boolean }[]>();
  const touched = new Set<number>();
  for (const i of previous.interviews) {
    const c = candidacyOf(day, i.studentId, i.processId);
    if (c < 0) continue;
    problem.hadInterview[c] = 1;
    const student = day.candidacies[c]!.student;
    const panel = day.panelIndex.get(i.panelId);
    const slot = panel === undefined ? undefined : day.slotAt.get(panel)?.get(i.slot);
    const past = i.start < now;
    if (
      slot === undefined ||
      (!past && !available(day, student, day.slots[slot]!.start, day.slots[slot]!.end))
    ) {
      touched.add(student);
      continue;
    }
    let list = byStudent.get(student);
    if (!list) byStudent.set(student, (list = []));
    list.push({ c, slot, moved: day.slots[slot]!.start !== i.start, past });
  }
  // A late panel's interview that now runs into another of the student's: the late one must go.
  for (const [student, list] of byStudent) {
    const kept: typeof list = list.filter((x) => !x.moved || x.past);
    for (const x of list.filter((y) => y.moved && !y.past)) {
      const s = day.slots[x.slot]!;
      if (
        kept.some((y) => tooClose(s.start, s.end, day.slots[y.slot]!.start, day.slots[y.slot]!.end, day.gap))
      )
        touched.add(student);
      else kept.push(x);
    }
    for (const x of kept) {
      place(problem.start, x.c, x.slot);
      problem.previousSlot[x.c] = x.slot;
      if (x.past || !touched.has(student)) problem.locked[x.c] = 1;
    }
  }
  const locked = toInterviews(day, {
    slotOf: problem.start.slotOf.map((s, c) => (problem.locked[c] ? s : -1)),
    occupant: problem.start.occupant,
  });

  const { assignment, stats } = await solve(
    problem,
    { ...options, timeLimitSeconds: options.timeLimitSeconds ?? REALLOT_TIME_LIMIT_SECONDS },
    { now, locked },
    started,
  );
  const result = finish(problem, assignment, stats, started);
  return { ...result, changes: diff(previous.interviews, result) };
}

function diff(before: Interview[], after: Allotment): AllotmentChanges {
  const next = new Map(after.interviews.map((i) => [pair(i), i]));
  const reasons = new Map(after.leftOut.map((l) => [pair(l), l.reason]));
  const changes: AllotmentChanges = { moved: [], dropped: [], added: [] };
  const had = new Set<string>();
  for (const i of before) {
    had.add(pair(i));
    const now = next.get(pair(i));
    if (!now)
      changes.dropped.push({
        studentId: i.studentId,
        processId: i.processId,
        from: ref(i),
        reason: reasons.get(pair(i)) ?? 'no-slots',
      });
    else if (now.panelId !== i.panelId || now.slot !== i.slot || now.start !== i.start)
      changes.moved.push({ studentId: i.studentId, processId: i.processId, from: ref(i), to: ref(now) });
  }
  for (const i of after.interviews)
    if (!had.has(pair(i))) changes.added.push({ studentId: i.studentId, processId: i.processId, to: ref(i) });
  return changes;
}

/** Each panel's timeline and each student's day, for the preview. */
export function preview(allotment: Allotment) {
  const day: Day = compileDay(allotment.input);
  const byPanelSlot = new Map(allotment.interviews.map((i) => [`${i.panelId}\u0000${i.slot}`, i.studentId]));
  const panels = day.panels.map((panel, p) => ({
    panelId: panel.id,
    processId: panel.processId,
    slots: [...day.slotAt.get(p)!.values()].map((s) => {
      const slot = day.slots[s]!;
      return {
        slot: slot.slot,
        start: slot.start,
        end: slot.end,
        studentId: byPanelSlot.get(`${panel.id}\u0000${slot.slot}`) ?? null,
      };
    }),
  }));
  const students = new Map<string, Interview[]>();
  for (const i of allotment.interviews) {
    let list = students.get(i.studentId);
    if (!list) students.set(i.studentId, (list = []));
    list.push(i);
  }
  return {
    panels,
    students: [...students].map(([studentId, interviews]) => ({ studentId, interviews })),
    leftOut: allotment.leftOut,
  };
}
