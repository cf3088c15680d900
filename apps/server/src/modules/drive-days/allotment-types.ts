/**
 * The drive-day allotment engine's input and output. Times are minutes from midnight of the drive
 * day (the day's date and time zone are the caller's business), so the engine is pure arithmetic
 * and the same input always gives the same allotment. Every id is the caller's (database) id.
 */

/** A job's interview stage on the day: what a student ranks and a company shortlists for. */
export interface AllotmentProcess {
  id: string;
  companyId: string;
  /**
   * The job's tier under the placement policy, as a number that grows with the tier (the index of
   * the policy's package band: 0 for the lowest). Used only when the policy puts higher tiers first.
   */
  tier: number;
  /** The shortlist in the company's order, the candidate it most wants to see first. */
  candidates: string[];
}

/** A panel (a room or an online link with its interviewers) interviewing for one process. */
export interface AllotmentPanel {
  id: string;
  processId: string;
  /** The panel's hours: every slot starts at or after `start` and ends at or before `end`. */
  start: number;
  end: number;
  slotMinutes: number;
  /** Minutes between two slots of this panel. */
  bufferMinutes: number;
  /** Closed from this minute on: slots starting at or after it are gone (those before it stay). */
  closedFrom?: number;
  /**
   * The panel running late: each delay moves every slot that would start at or after `from` by
   * `minutes`, and the panel's hours end that much later. Delays add up.
   */
  delays?: { from: number; minutes: number }[];
}

/** A student's ranking of the processes they are interviewing for, the most wanted first. */
export interface StudentRanking {
  studentId: string;
  processIds: string[];
}

/** A span of the day in which a student cannot be interviewed (from inclusive, to exclusive). */
export interface Unavailability {
  studentId: string;
  from: number;
  to: number;
}

export interface AllotmentPolicy {
  /** The college's policy puts higher tiers first: a student's higher-tier processes come before their own ranking. */
  higherTiersFirst: boolean;
}

export interface AllotmentInput {
  /** The least time between the end of one of a student's interviews and the start of the next (moving rooms). */
  gapMinutes: number;
  processes: AllotmentProcess[];
  panels: AllotmentPanel[];
  /** Rankings given before the cut-off. A student's unranked processes follow their ranked ones. */
  rankings: StudentRanking[];
  unavailable: Unavailability[];
  policy: AllotmentPolicy;
}

/** One published interview: a slot of a panel given to a student. */
export interface Interview {
  studentId: string;
  processId: string;
  panelId: string;
  /** The slot's place on its panel (0 for the first slot of the day), stable when the panel runs late. */
  slot: number;
  start: number;
  end: number;
}

/**
 * Why a student has no interview with a process:
 * - `capacity`: more candidates than slots: every slot of the process that fits the student's day
 *   went to another candidate;
 * - `clash`: the student's other interviews (each one they ranked higher, or one without which
 *   fewer interviews would take place) and the gap between interviews cover every slot of the process;
 * - `unavailable`: the student cannot come at any time the process interviews;
 * - `no-slots`: the process has no slot left (no open panel, or only past slots).
 */
export type LeftOutReason = 'capacity' | 'clash' | 'unavailable' | 'no-slots';

export interface LeftOut {
  studentId: string;
  processId: string;
  reason: LeftOutReason;
}

export interface AllotmentStats {
  /** Candidacies: (student, process) pairs on the day. */
  candidacies: number;
  interviews: number;
  leftOut: number;
  /** Students with at least one candidacy and no interview at all. */
  studentsWithoutInterview: number;
  /** Which engine's answer was published: the solver's, or the greedy fallback's. */
  method: 'solver' | 'greedy';
  /** Why the solver's answer was not used, when it was not. */
  fallbackReason?: string;
  /** The solver's own verdict (`optimal`, `time limit`, …), when it ran. */
  solverStatus?: string;
  /** The model's size, when it was built. */
  model?: { columns: number; rows: number; nonzeros: number };
  /** Interviews the greedy fallback alone placed (it is also the solver's starting point). */
  greedyInterviews: number;
  milliseconds: { total: number; greedy: number; solver: number };
}

export interface Allotment {
  /** The day this allotment was made for (after any change applied by a re-allotment). */
  input: AllotmentInput;
  /** Ordered by start, then panel id. */
  interviews: Interview[];
  /** Ordered by student id, then process id. */
  leftOut: LeftOut[];
  stats: AllotmentStats;
}

/** Something that happened on the day, for `reallot`. */
export type DayChange =
  | { kind: 'panel-closed'; panelId: string; at: number }
  | { kind: 'panel-added'; panel: AllotmentPanel }
  /** A company running late: its panels (or the listed ones) move every slot from `from` on. */
  | { kind: 'running-late'; panelIds: string[]; from: number; minutes: number }
  /** A student who cannot come from `from` (to `to`, or the end of the day). */
  | { kind: 'student-unavailable'; studentId: string; from: number; to?: number };

export interface SlotRef {
  panelId: string;
  slot: number;
  start: number;
  end: number;
}

/** What a re-allotment changed, one line per person to tell. */
export interface AllotmentChanges {
  /** The student keeps an interview with the process, at another time or on another panel. */
  moved: { studentId: string; processId: string; from: SlotRef; to: SlotRef }[];
  /** The student lost their interview with the process. */
  dropped: { studentId: string; processId: string; from: SlotRef; reason: LeftOutReason }[];
  /** The student was given an interview they did not have. */
  added: { studentId: string; processId: string; to: SlotRef }[];
}

export interface Reallotment extends Allotment {
  changes: AllotmentChanges;
}
