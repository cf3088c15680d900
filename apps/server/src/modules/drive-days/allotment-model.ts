import loadHighs, { type Highs } from 'highs';
import {
  type Assignment,
  available,
  copyAssignment,
  freeSlot,
  place,
  type Problem,
  tooClose,
  unplace,
} from './allotment-day.ts';

/**
 * The allotment as a mixed-integer model for HiGHS.
 *
 * A column y[c, k] is 1 when candidacy c (a student on a process's shortlist) gets a slot of
 * time class k of that process: the process's slots that start and end together, whichever panel
 * they are on. Choosing a class and not a panel loses nothing (the panels of a class are alike to
 * the student) and divides the model by the number of panels a company runs. A column exists only
 * where it could be 1: the class starts at or after `now`, has a slot no locked interview holds,
 * the student can come then and it keeps clear of their locked interviews.
 *
 * Rows, all `≤`:
 * - one interview per candidacy: Σ_k y[c, k] ≤ 1;
 * - a class holds no more students than it has free slots: Σ_c y[c, k] ≤ free(k);
 * - a student's day: stretch each of their columns' intervals by the gap, [start, end + gap); two
 *   columns clash exactly when their stretched intervals meet, so the clashes form an interval
 *   graph, whose maximal cliques are found at the interval starts. One row per maximal clique
 *   (Σ y ≤ 1) replaces every pairwise clash row, and a clique within one candidacy is left to its
 *   own row.
 *
 * Objective (maximise): each interview is worth 1 + ε·w, where w ∈ (0, 4] holds the secondary
 * aims (the company's order, the student's ranking, the tier under the policy; for a
 * re-allotment, keeping an interview a student had, and keeping its slot) and ε = 1 / (4·(n + 1))
 * for n candidacies with a column, so all secondary aims together are worth less than one
 * interview: the model places as many interviews as possible first. The absolute gap is ε/2, so
 * a proven answer never has an interview fewer than the best.
 *
 * HiGHS starts from the greedy allotment (a feasible solution it then improves) and stops at the
 * time limit with the best it has. The model goes to it as sparse rows (CSR), not as LP text: no
 * multi-megabyte string to write and parse on a full day. A model too wide to solve whole in the
 * time is improved in parts (`optimise`).
 */

export interface MilpModel {
  numCols: number;
  numRows: number;
  colCost: Float64Array;
  rowUpper: Float64Array;
  /** The constraint matrix by rows (every coefficient is 1). */
  rowStarts: Int32Array;
  rowColumns: Int32Array;
  /** The greedy allotment as column values. */
  warmStart: Float64Array;
  /** What each column means. */
  colCandidacy: Int32Array;
  colClass: Int32Array;
  absoluteGap: number;
}

export interface MilpResult {
  /** The solver's verdict in words (`optimal`, `time limit`, …). */
  status: string;
  /** Column values of the best solution found, or null when there is none. */
  values: Float64Array | null;
  /** The objective's value, or the relaxation's (an upper bound) when one was asked for. */
  objective?: number;
}

export interface MilpLimits {
  timeLimitSeconds: number;
  /** Solve the linear relaxation instead (for a bound). */
  relaxation?: boolean;
}

export type MilpSolver = (model: MilpModel, limits: MilpLimits) => Promise<MilpResult>;

/**
 * The model of the candidacies `movable` names (default: all but the locked ones), the others
 * staying as `current` has them; `current`'s placements of the movable ones are the warm start.
 */
export function buildModel(
  problem: Problem,
  current: Assignment,
  movable: Uint8Array = problem.locked.map((l) => (l ? 0 : 1)),
): MilpModel {
  const { day, now } = problem;
  const gap = day.gap;

  // Free slots per class once the fixed interviews are in, and each student's fixed intervals.
  const free = new Int32Array(day.classes.length);
  day.classes.forEach((tc, k) => {
    for (const s of tc.slots) {
      const holder = current.occupant[s]!;
      if (holder < 0 || movable[holder]) free[k]!++;
    }
  });
  const lockedSpans: number[][] = day.students.map(() => []);
  day.candidacies.forEach((c, i) => {
    const s = current.slotOf[i]!;
    if (!movable[i] && s >= 0) lockedSpans[c.student]!.push(day.slots[s]!.start, day.slots[s]!.end);
  });

  const colCandidacy: number[] = [];
  const colClass: number[] = [];
  const studentCols: number[][] = day.students.map(() => []);
  const candidacyCols: number[][] = day.candidacies.map(() => []);
  const classCols: number[][] = day.classes.map(() => []);
  day.candidacies.forEach((c, i) => {
    if (!movable[i]) return;
    const spans = lockedSpans[c.student]!;
    for (const k of day.processClasses[c.process]!) {
      const tc = day.classes[k]!;
      if (tc.start < now || free[k] === 0 || !available(day, c.student, tc.start, tc.end)) continue;
      let clear = true;
      for (let j = 0; j < spans.length && clear; j += 2)
        if (tooClose(tc.start, tc.end, spans[j]!, spans[j + 1]!, gap)) clear = false;
      if (!clear) continue;
      const col = colCandidacy.length;
      colCandidacy.push(i);
      colClass.push(k);
      studentCols[c.student]!.push(col);
      candidacyCols[i]!.push(col);
      classCols[k]!.push(col);
    }
  });
  const numCols = colCandidacy.length;

  const rowStarts: number[] = [0];
  const rowColumns: number[] = [];
  const rowUpper: number[] = [];
  const addRow = (cols: Iterable<number>, upper: number) => {
    for (const col of cols) rowColumns.push(col);
    rowStarts.push(rowColumns.length);
    rowUpper.push(upper);
  };
  for (const cols of candidacyCols) if (cols.length > 1) addRow(cols, 1);
  classCols.forEach((cols, k) => {
    if (cols.length > free[k]!) addRow(cols, free[k]!);
  });
  for (const cols of studentCols) {
    if (cols.length < 2) continue;
    const start = (col: number) => day.classes[colClass[col]!]!.start;
    const reach = (col: number) => day.classes[colClass[col]!]!.end + gap;
    const points = [...new Set(cols.map(start))].sort((a, b) => a - b);
    for (let p = 0; p < points.length; p++) {
      const t = points[p]!;
      const next = points[p + 1] ?? Infinity;
      const clique = cols.filter((col) => start(col) <= t && t < reach(col));
      // A clique that every member outlives into the next start is inside the next one.
      if (!clique.some((col) => reach(col) <= next)) continue;
      const first = colCandidacy[clique[0]!];
      if (clique.every((col) => colCandidacy[col] === first)) continue;
      addRow(clique, 1);
    }
  }

  const candidaciesWithColumns = candidacyCols.filter((cols) => cols.length > 0).length;
  const epsilon = 1 / (4 * (candidaciesWithColumns + 1));
  const colCost = new Float64Array(numCols);
  const warmStart = new Float64Array(numCols);
  for (let col = 0; col < numCols; col++) {
    const c = colCandidacy[col]!;
    const k = colClass[col]!;
    const previous = problem.previousSlot[c]!;
    const secondary =
      day.candidacies[c]!.weight +
      2 * problem.hadInterview[c]! +
      (previous >= 0 && day.slots[previous]!.timeClass === k ? 1 : 0);
    colCost[col] = 1 + epsilon * secondary;
    const s = current.slotOf[c]!;
    if (s >= 0 && day.slots[s]!.timeClass === k) warmStart[col] = 1;
  }

  return {
    numCols,
    numRows: rowUpper.length,
    colCost,
    rowUpper: Float64Array.from(rowUpper),
    rowStarts: Int32Array.from(rowStarts),
    rowColumns: Int32Array.from(rowColumns),
    warmStart,
    colCandidacy: Int32Array.from(colCandidacy),
    colClass: Int32Array.from(colClass),
    absoluteGap: epsilon / 2,
  };
}

/**
 * The solver's answer as an assignment: locked interviews as they were, each chosen class given
 * to its candidacy on a free panel (the one it had before when it can). Throws when the answer
 * cannot be an assignment (a candidacy twice, a class over its slots): the caller falls back.
 */
export function readSolution(
  problem: Problem,
  model: MilpModel,
  values: Float64Array,
  current: Assignment,
  movable: Uint8Array,
): Assignment {
  const { day } = problem;
  const a = copyAssignment(current);
  a.slotOf.forEach((_, c) => {
    if (movable[c]) unplace(a, c);
  });
  const chosen: number[] = [];
  for (let col = 0; col < model.numCols; col++) if (values[col]! > 0.5) chosen.push(col);
  const chosenClass = new Map<number, number>();
  for (const col of chosen) {
    const c = model.colCandidacy[col]!;
    if (chosenClass.has(c)) throw new Error('the solver gave a candidacy two interviews');
    chosenClass.set(c, model.colClass[col]!);
  }
  // Within its class a candidacy keeps the panel it has, else goes back to the one it had before
  // the change; those that can are seated first, so no one else takes their slot.
  const preferred = (c: number, k: number) => {
    const mine = current.slotOf[c]!;
    if (mine >= 0 && day.slots[mine]!.timeClass === k) return mine;
    const before = problem.previousSlot[c]!;
    return before >= 0 && day.slots[before]!.timeClass === k ? before : -1;
  };
  const order = [...chosenClass].sort(
    ([c1, k1], [c2, k2]) => (preferred(c1, k1) >= 0 ? 0 : 1) - (preferred(c2, k2) >= 0 ? 0 : 1),
  );
  for (const [c, k] of order) {
    const slot = freeSlot(day, a, k, preferred(c, k));
    if (slot < 0) throw new Error('the solver put more students in a time than it has slots');
    place(a, c, slot);
  }
  return a;
}

let runtime: Promise<Highs> | undefined;

const statusNames: Record<number, string> = {
  7: 'optimal',
  8: 'infeasible',
  13: 'time limit',
  14: 'iteration limit',
  16: 'solution limit',
  17: 'interrupted',
};

/** HiGHS (WebAssembly, loaded once from the package's own file; nothing is fetched). */
export const highsSolver: MilpSolver = async (model, { timeLimitSeconds, relaxation = false }) => {
  runtime ??= loadHighs();
  let highs: Highs;
  try {
    highs = await runtime;
  } catch (error) {
    runtime = undefined;
    throw error;
  }
  try {
    const m = highs.createModel({
      numCols: model.numCols,
      numRows: model.numRows,
      sense: highs.constants.objectiveSense.maximize,
      colCost: model.colCost,
      colLower: new Float64Array(model.numCols),
      colUpper: new Float64Array(model.numCols).fill(1),
      rowLower: new Float64Array(model.numRows).fill(-highs.infinity),
      rowUpper: model.rowUpper,
      matrix: {
        format: 'csr',
        numRows: model.numRows,
        numCols: model.numCols,
        starts: model.rowStarts,
        indices: model.rowColumns,
        values: new Float64Array(model.rowColumns.length).fill(1),
      },
      ...(!relaxation && {
        integrality: new Int32Array(model.numCols).fill(highs.constants.variableType.integer),
      }),
    });
    try {
      m.options.set({
        output_flag: false,
        time_limit: Math.max(0.05, timeLimitSeconds),
        mip_rel_gap: 0,
        mip_abs_gap: model.absoluteGap,
        // Presolve finds nothing to remove in these models and, in WebAssembly, takes longer
        // than the search itself (measured: 0.95 of 2.5 s on a 4,000-column model).
        presolve: 'off',
      });
      if (model.numCols > 0 && !relaxation) m.setSolution({ colValue: model.warmStart });
      const { modelStatus } = m.run();
      const status = statusNames[modelStatus] ?? `status ${modelStatus}`;
      const feasible =
        model.numCols === 0 ||
        m.info.get('primal_solution_status') === highs.constants.solutionStatus.feasible;
      return {
        status,
        values: feasible ? m.getSolution().colValue : null,
        ...(feasible && { objective: m.getObjectiveValue() }),
      };
    } finally {
      m.dispose();
    }
  } catch (error) {
    // A WebAssembly abort (out of memory, say) leaves the runtime unusable: load it afresh next time.
    runtime = undefined;
    throw error;
  }
};

/** A model at most this wide is solved whole; a wider one in neighbourhoods of about the second size. */
const DIRECT_COLUMNS = 8000;
const NEIGHBOURHOOD_COLUMNS = 4000;
/** The longest one neighbourhood's solve may take. */
const NEIGHBOURHOOD_SECONDS = 2;

/** How good an assignment is, as the model counts: interviews first, then the secondary aims. */
export function score(problem: Problem, a: Assignment): { interviews: number; secondary: number } {
  const { day } = problem;
  let interviews = 0;
  let secondary = 0;
  a.slotOf.forEach((s, c) => {
    if (s < 0) return;
    interviews++;
    const previous = problem.previousSlot[c]!;
    secondary +=
      day.candidacies[c]!.weight +
      2 * problem.hadInterview[c]! +
      (previous >= 0 && day.slots[previous]!.timeClass === day.slots[s]!.timeClass ? 1 : 0);
  });
  return { interviews, secondary };
}

const better = (x: ReturnType<typeof score>, y: ReturnType<typeof score>) =>
  x.interviews > y.interviews || (x.interviews === y.interviews && x.secondary > y.secondary + 1e-9);

export interface Optimised {
  assignment: Assignment;
  /** What the solver did, in words. */
  status: string;
  /** The size of the whole model. */
  model: { columns: number; rows: number; nonzeros: number };
}

/**
 * Improves `start` (a feasible assignment) with the solver until `deadline` (a `performance.now()`
 * reading). A model of at most DIRECT_COLUMNS columns is solved whole: the answer is optimal
 * unless the time runs out. A wider one is improved by large-neighbourhood search (a full Day 0
 * has 44,000–47,000 columns; HiGHS in WebAssembly spent 6 s presolving one without removing
 * anything, and without presolve 5 s on the root relaxation alone on 2 busy cores): the
 * candidacies of a few processes that share many students are freed, everything else stays, and
 * the solver re-allots the freed ones optimally (about 4,000 columns, a second or two); a better
 * answer is kept. Each process seeds a neighbourhood in turn, those with the most candidates left
 * out first, until a whole round brings nothing or the time is up.
 */
export async function optimise(
  problem: Problem,
  start: Assignment,
  solver: MilpSolver,
  deadline: number,
): Promise<Optimised> {
  const { day } = problem;
  const secondsLeft = () => (deadline - performance.now()) / 1000;
  const all = problem.locked.map((l) => (l ? 0 : 1));
  const whole = buildModel(problem, start, all);
  const model = { columns: whole.numCols, rows: whole.numRows, nonzeros: whole.rowColumns.length };
  if (whole.numCols === 0) return { assignment: copyAssignment(start), status: 'optimal', model };
  if (whole.numCols <= DIRECT_COLUMNS) {
    const result = await solver(whole, { timeLimitSeconds: Math.max(0.1, secondsLeft()) });
    if (!result.values) throw new Error(`the solver found no allotment (${result.status})`);
    return {
      assignment: readSolution(problem, whole, result.values, start, all),
      status: result.status,
      model,
    };
  }

  const processCandidacies: number[][] = day.processes.map(() => []);
  day.candidacies.forEach((c, i) => {
    if (!problem.locked[i]) processCandidacies[c.process]!.push(i);
  });
  const width = (p: number) => processCandidacies[p]!.length * day.processClasses[p]!.length;
  const leftOutOf = (a: Assignment, p: number) =>
    processCandidacies[p]!.filter((c) => a.slotOf[c]! < 0).length;
  const seeds = day.processes
    .map((_, p) => p)
    .sort((x, y) => leftOutOf(start, y) - leftOutOf(start, x) || x - y);

  /** The seed and the processes sharing most students with what is already in, up to the width. */
  const neighbourhood = (seed: number) => {
    const group = new Set([seed]);
    const shared = new Map<number, number>();
    let columns = width(seed);
    for (let p = seed; ;) {
      for (const c of processCandidacies[p]!)
        for (const other of day.studentCandidacies[day.candidacies[c]!.student]!) {
          const q = day.candidacies[other]!.process;
          if (!group.has(q)) shared.set(q, (shared.get(q) ?? 0) + 1);
        }
      let next = -1;
      for (const [q, n] of shared)
        if (next < 0 || n > shared.get(next)! || (n === shared.get(next) && q < next)) next = q;
      if (next < 0 || columns + width(next) > NEIGHBOURHOOD_COLUMNS) return group;
      group.add(next);
      shared.delete(next);
      columns += width(next);
      p = next;
    }
  };

  let current = copyAssignment(start);
  let best = score(problem, current);
  let solved = 0;
  let improved = 0;
  let quiet = 0;
  for (let i = 0; quiet < seeds.length && secondsLeft() > 0.3; i++) {
    const group = neighbourhood(seeds[i % seeds.length]!);
    const movable = new Uint8Array(day.candidacies.length);
    for (const p of group) for (const c of processCandidacies[p]!) movable[c] = 1;
    const part = buildModel(problem, current, movable);
    const result = await solver(part, { timeLimitSeconds: Math.min(NEIGHBOURHOOD_SECONDS, secondsLeft()) });
    solved++;
    quiet++;
    if (!result.values) continue;
    const next = readSolution(problem, part, result.values, current, movable);
    const value = score(problem, next);
    if (better(value, best)) {
      current = next;
      best = value;
      improved++;
      quiet = 0;
    }
  }
  const finished = quiet >= seeds.length ? 'a whole round improved nothing' : 'time limit';
  return {
    assignment: current,
    status: `${solved} neighbourhoods solved, ${improved} improved (${finished})`,
    model,
  };
}

/**
 * An upper bound on the interviews any allotment of the problem can place: the whole model's
 * linear relaxation, rounded down (its secondary aims are worth less than one interview).
 * Evidence for the bench; the engines do not need it.
 */
export async function interviewBound(
  problem: Problem,
  solver: MilpSolver,
  seconds: number,
): Promise<number | null> {
  const whole = buildModel(problem, problem.start);
  const result = await solver(whole, { timeLimitSeconds: seconds, relaxation: true });
  if (result.status !== 'optimal' || result.objective === undefined) return null;
  const locked = problem.locked.reduce((n, l) => n + l, 0);
  return locked + Math.floor(result.objective + 1e-6);
}
