import type { AllotmentInput, AllotmentPanel, AllotmentProcess, Interview } from './allotment-types.ts';

/**
 * The day compiled for the engines: every panel's slots derived once, slots of one process that
 * start and end together grouped into a time class (its panels are interchangeable to a student,
 * so the solver chooses a class and the panel is picked afterwards), and every (student, process)
 * candidacy numbered. The greedy fallback, the solver's model and the local improvement work on
 * these numbers; the checker works on the published interviews and the input alone.
 */

export interface PanelSlot {
  /** The slot's place on its panel (0 first), kept when the panel runs late. */
  slot: number;
  start: number;
  end: number;
}

/** When a panel's day ends, counting the minutes it runs late. */
export function panelEnd(panel: AllotmentPanel): number {
  return panel.end + (panel.delays ?? []).reduce((sum, d) => sum + d.minutes, 0);
}

/** Every slot of a panel: `start + k × (slot + buffer)`, moved by its delays, less those after it closed. */
export function panelSlots(panel: AllotmentPanel): PanelSlot[] {
  const step = panel.slotMinutes + panel.bufferMinutes;
  const slots: PanelSlot[] = [];
  if (!(panel.slotMinutes > 0) || !(step > 0)) return slots;
  for (let k = 0; panel.start + k * step + panel.slotMinutes <= panel.end; k++) {
    let start = panel.start + k * step;
    for (const delay of panel.delays ?? []) if (start >= delay.from) start += delay.minutes;
    if (panel.closedFrom !== undefined && start >= panel.closedFrom) continue;
    slots.push({ slot: k, start, end: start + panel.slotMinutes });
  }
  return slots;
}

/** Whether two interviews of one student are too close: they overlap, or fewer than `gap` minutes part them. */
export function tooClose(aStart: number, aEnd: number, bStart: number, bEnd: number, gap: number): boolean {
  return aStart < bEnd + gap && bStart < aEnd + gap;
}

export interface DaySlot extends PanelSlot {
  panel: number;
  process: number;
  timeClass: number;
}

export interface TimeClass {
  process: number;
  start: number;
  end: number;
  /** Slot ids, panel order. */
  slots: number[];
}

export interface Candidacy {
  student: number;
  process: number;
  /** Place in the company's shortlist, 0 first. */
  order: number;
  /** Place in the student's effective ranking (higher tiers first when the policy says so), 0 first. */
  rank: number;
  /** What placing it is worth beyond the interview itself, in (0, 1]: company order, student rank, tier. */
  weight: number;
}

export interface Day {
  input: AllotmentInput;
  gap: number;
  processes: AllotmentProcess[];
  processIndex: Map<string, number>;
  panels: AllotmentPanel[];
  panelIndex: Map<string, number>;
  students: string[];
  studentIndex: Map<string, number>;
  slots: DaySlot[];
  /** Slot id by panel and place on the panel. */
  slotAt: Map<number, Map<number, number>>;
  classes: TimeClass[];
  processClasses: number[][];
  candidacies: Candidacy[];
  studentCandidacies: number[][];
  /** Per student, the spans they cannot come as [from, to) pairs. */
  unavailable: number[][];
}

/**
 * The weights of the secondary aims, per placed interview. They only break ties between
 * allotments with as many interviews: the model multiplies them by less than 1 / candidacies.
 */
const WEIGHTS = { companyOrder: 0.5, studentRank: 0.35, tier: 0.15 };

/**
 * Each student's processes in the order that decides between them: their ranking, then the
 * processes they left unranked (higher tier first, then where the company put them); with the
 * policy's higher tiers first, a stable sort by tier over that.
 */
export function effectiveRankings(input: AllotmentInput): Map<string, string[]> {
  const mine = new Map<string, { process: AllotmentProcess; share: number; index: number }[]>();
  input.processes.forEach((process, index) => {
    process.candidates.forEach((studentId, order) => {
      let list = mine.get(studentId);
      if (!list) mine.set(studentId, (list = []));
      if (!list.some((x) => x.process === process))
        list.push({ process, share: order / process.candidates.length, index });
    });
  });
  const ranked = new Map(input.rankings.map((r) => [r.studentId, r.processIds]));
  const result = new Map<string, string[]>();
  for (const [studentId, list] of mine) {
    const position = new Map<string, number>();
    (ranked.get(studentId) ?? []).forEach((id, i) => {
      if (!position.has(id)) position.set(id, i);
    });
    list.sort(
      (a, b) =>
        (input.policy.higherTiersFirst ? b.process.tier - a.process.tier : 0) ||
        (position.get(a.process.id) ?? Infinity) - (position.get(b.process.id) ?? Infinity) ||
        b.process.tier - a.process.tier ||
        a.share - b.share ||
        a.index - b.index,
    );
    result.set(
      studentId,
      list.map((x) => x.process.id),
    );
  }
  return result;
}

export function compileDay(input: AllotmentInput): Day {
  const processIndex = new Map<string, number>();
  input.processes.forEach((p, i) => {
    if (processIndex.has(p.id)) throw new Error(`process ${p.id} is listed twice`);
    processIndex.set(p.id, i);
  });
  if (!(input.gapMinutes >= 0)) throw new Error('the gap between interviews cannot be negative');
  const panelIndex = new Map<string, number>();
  input.panels.forEach((p, i) => {
    if (panelIndex.has(p.id)) throw new Error(`panel ${p.id} is listed twice`);
    if (!processIndex.has(p.processId)) throw new Error(`panel ${p.id} is for an unknown process`);
    // A negative buffer would let a panel's slots overlap: its interviewers in two places.
    if (!(p.slotMinutes > 0) || !(p.bufferMinutes >= 0))
      throw new Error(`panel ${p.id} needs slots longer than 0 minutes and a buffer of 0 or more`);
    panelIndex.set(p.id, i);
  });

  const slots: DaySlot[] = [];
  const slotAt = new Map<number, Map<number, number>>();
  const classes: TimeClass[] = [];
  const processClasses: number[][] = input.processes.map(() => []);
  const classKey = new Map<string, number>();
  input.panels.forEach((panel, panelId) => {
    const process = processIndex.get(panel.processId)!;
    const here = new Map<number, number>();
    slotAt.set(panelId, here);
    for (const s of panelSlots(panel)) {
      const key = `${process}:${s.start}:${s.end}`;
      let timeClass = classKey.get(key);
      if (timeClass === undefined) {
        timeClass = classes.length;
        classKey.set(key, timeClass);
        classes.push({ process, start: s.start, end: s.end, slots: [] });
        processClasses[process]!.push(timeClass);
      }
      here.set(s.slot, slots.length);
      classes[timeClass]!.slots.push(slots.length);
      slots.push({ ...s, panel: panelId, process, timeClass });
    }
  });
  for (const list of processClasses) list.sort((a, b) => classes[a]!.start - classes[b]!.start || a - b);

  const students: string[] = [];
  const studentIndex = new Map<string, number>();
  const studentOf = (id: string) => {
    let s = studentIndex.get(id);
    if (s === undefined) {
      s = students.length;
      studentIndex.set(id, s);
      students.push(id);
    }
    return s;
  };
  const candidacies: Candidacy[] = [];
  const studentCandidacies: number[][] = [];
  const seen = new Set<string>();
  input.processes.forEach((p, process) => {
    p.candidates.forEach((studentId, order) => {
      const key = `${studentId}\u0000${process}`;
      if (seen.has(key)) return;
      seen.add(key);
      const student = studentOf(studentId);
      (studentCandidacies[student] ??= []).push(candidacies.length);
      candidacies.push({ student, process, order, rank: 0, weight: 0 });
    });
  });

  const rankings = effectiveRankings(input);
  const maxTier = Math.max(1, ...input.processes.map((p) => p.tier));
  studentCandidacies.forEach((list, student) => {
    const ordered = rankings.get(students[student]!)!;
    for (const c of list) {
      const candidacy = candidacies[c]!;
      const process = input.processes[candidacy.process]!;
      candidacy.rank = ordered.indexOf(process.id);
      candidacy.weight =
        WEIGHTS.companyOrder * (1 - candidacy.order / process.candidates.length) +
        WEIGHTS.studentRank * (1 - candidacy.rank / ordered.length) +
        (input.policy.higherTiersFirst ? WEIGHTS.tier * (process.tier / maxTier) : 0);
    }
  });

  const unavailable: number[][] = students.map(() => []);
  for (const u of input.unavailable) {
    const s = studentIndex.get(u.studentId);
    if (s !== undefined && u.to > u.from) unavailable[s]!.push(u.from, u.to);
  }

  return {
    input,
    gap: input.gapMinutes,
    processes: input.processes,
    processIndex,
    panels: input.panels,
    panelIndex,
    students,
    studentIndex,
    slots,
    slotAt,
    classes,
    processClasses,
    candidacies,
    studentCandidacies,
    unavailable,
  };
}

/** Whether the student can come for the whole of [start, end). */
export function available(day: Day, student: number, start: number, end: number): boolean {
  const spans = day.unavailable[student]!;
  for (let i = 0; i < spans.length; i += 2) if (start < spans[i + 1]! && spans[i]! < end) return false;
  return true;
}

/** Who holds what: a slot id per candidacy (-1: none) and a candidacy per slot (-1: free). */
export interface Assignment {
  slotOf: Int32Array;
  occupant: Int32Array;
}

export function emptyAssignment(day: Day): Assignment {
  return {
    slotOf: new Int32Array(day.candidacies.length).fill(-1),
    occupant: new Int32Array(day.slots.length).fill(-1),
  };
}

export function copyAssignment(a: Assignment): Assignment {
  return { slotOf: a.slotOf.slice(), occupant: a.occupant.slice() };
}

export function place(a: Assignment, candidacy: number, slot: number) {
  a.slotOf[candidacy] = slot;
  a.occupant[slot] = candidacy;
}

export function unplace(a: Assignment, candidacy: number) {
  const slot = a.slotOf[candidacy]!;
  if (slot >= 0) a.occupant[slot] = -1;
  a.slotOf[candidacy] = -1;
}

/**
 * Whether [start, end) fits the student's day as the assignment has it: available, and far
 * enough from each of their other interviews except the candidacies named in `ignore`.
 */
export function fitsDay(
  day: Day,
  a: Assignment,
  student: number,
  start: number,
  end: number,
  ignoreA = -1,
  ignoreB = -1,
): boolean {
  if (!available(day, student, start, end)) return false;
  for (const c of day.studentCandidacies[student]!) {
    if (c === ignoreA || c === ignoreB) continue;
    const s = a.slotOf[c]!;
    if (s < 0) continue;
    const slot = day.slots[s]!;
    if (tooClose(start, end, slot.start, slot.end, day.gap)) return false;
  }
  return true;
}

/** A free slot of the class, the `preferred` one when it is free; -1 when the class is full. */
export function freeSlot(day: Day, a: Assignment, timeClass: number, preferred = -1): number {
  if (preferred >= 0 && a.occupant[preferred] === -1 && day.slots[preferred]!.timeClass === timeClass)
    return preferred;
  for (const s of day.classes[timeClass]!.slots) if (a.occupant[s] === -1) return s;
  return -1;
}

/** The assignment as interviews, ordered by start, then panel id. */
export function toInterviews(day: Day, a: Assignment): Interview[] {
  const interviews: Interview[] = [];
  a.slotOf.forEach((s, c) => {
    if (s < 0) return;
    const slot = day.slots[s]!;
    const candidacy = day.candidacies[c]!;
    interviews.push({
      studentId: day.students[candidacy.student]!,
      processId: day.processes[candidacy.process]!.id,
      panelId: day.panels[slot.panel]!.id,
      slot: slot.slot,
      start: slot.start,
      end: slot.end,
    });
  });
  return interviews.sort(
    (x, y) => x.start - y.start || (x.panelId < y.panelId ? -1 : x.panelId > y.panelId ? 1 : 0),
  );
}

/** The candidacy of a student with a process, or -1. */
export function candidacyOf(day: Day, studentId: string, processId: string): number {
  const s = day.studentIndex.get(studentId);
  const p = day.processIndex.get(processId);
  if (s === undefined || p === undefined) return -1;
  for (const c of day.studentCandidacies[s]!) if (day.candidacies[c]!.process === p) return c;
  return -1;
}

/** What the engines solve: the day, what may not change, and (re-allotment) what was there before. */
export interface Problem {
  day: Day;
  /** Slots starting before this minute are history: nothing new is placed in them. */
  now: number;
  /** Candidacies whose interview may not move or go: past ones, and those of students a change did not touch. */
  locked: Uint8Array;
  /** Where the engines start: locked interviews in place, and for a re-allotment the others still valid. */
  start: Assignment;
  /** Re-allotment: each candidacy's previous slot in this day (-1: none or gone). */
  previousSlot: Int32Array;
  /** Re-allotment: whether the candidacy had an interview before the change. */
  hadInterview: Uint8Array;
}

export function freshProblem(day: Day): Problem {
  return {
    day,
    now: -Infinity,
    locked: new Uint8Array(day.candidacies.length),
    start: emptyAssignment(day),
    previousSlot: new Int32Array(day.candidacies.length).fill(-1),
    hadInterview: new Uint8Array(day.candidacies.length),
  };
}
