import {
  type Assignment,
  copyAssignment,
  fitsDay,
  freeSlot,
  place,
  type Problem,
  tooClose,
  unplace,
} from './allotment-day.ts';

/**
 * The greedy fallback, and the local improvement every answer (the solver's too) goes through
 * before the checker sees it.
 *
 * Greedy: candidacies in rounds of the students' rankings (every student's first choice, then
 * every second one, …), within a round the company's order; each takes the free slot that fits
 * the student's day and shuts out the fewest slots their other processes could still use.
 *
 * Improvement, until nothing changes: place a left-out candidacy in a free slot that fits; place
 * it by moving one of the student's own interviews within its process, or by moving the holder of
 * a full slot to another slot of the same process; and give a student a process they ranked
 * higher in place of a lower one whenever the higher one has a free slot that fits without the
 * lower one (the rank property). Each step adds an interview or, with as many interviews, gives a
 * student a better-ranked one, so it ends. Locked interviews never move.
 */

export type GreedyEngine = (problem: Problem) => Assignment;

/** Candidacies in the order the greedy serves them. */
function priorityOrder(problem: Problem): number[] {
  const { day } = problem;
  const share = (c: number) => {
    const candidacy = day.candidacies[c]!;
    return candidacy.order / day.processes[candidacy.process]!.candidates.length;
  };
  return day.candidacies
    .map((_, c) => c)
    .sort(
      (a, b) =>
        day.candidacies[a]!.rank - day.candidacies[b]!.rank ||
        share(a) - share(b) ||
        day.candidacies[a]!.student - day.candidacies[b]!.student ||
        a - b,
    );
}

/**
 * The slot to give a left-out candidacy, or -1: a free future slot that fits the student's day,
 * its previous slot first, then the one leaving their other left-out processes the most room.
 */
function chooseSlot(problem: Problem, a: Assignment, c: number): number {
  const { day, now } = problem;
  const candidacy = day.candidacies[c]!;
  const student = candidacy.student;
  const previous = problem.previousSlot[c]!;
  if (previous >= 0 && a.occupant[previous] === -1) {
    const slot = day.slots[previous]!;
    if (slot.start >= now && fitsDay(day, a, student, slot.start, slot.end)) return previous;
  }
  let best = -1;
  let bestCost = Infinity;
  for (const k of day.processClasses[candidacy.process]!) {
    const tc = day.classes[k]!;
    if (tc.start < now) continue;
    const slot = freeSlot(day, a, k);
    if (slot < 0 || !fitsDay(day, a, student, tc.start, tc.end)) continue;
    let cost = 0;
    for (const other of day.studentCandidacies[student]!) {
      if (other === c || a.slotOf[other]! >= 0) continue;
      let open = 0;
      let shut = 0;
      for (const k2 of day.processClasses[day.candidacies[other]!.process]!) {
        const t2 = day.classes[k2]!;
        if (t2.start < now || freeSlot(day, a, k2) < 0 || !fitsDay(day, a, student, t2.start, t2.end))
          continue;
        open++;
        if (tooClose(tc.start, tc.end, t2.start, t2.end, day.gap)) shut++;
      }
      if (open > 0) cost += shut / open;
    }
    if (cost < bestCost) {
      bestCost = cost;
      best = slot;
    }
  }
  return best;
}

/** Places a left-out candidacy by moving one interview: the student's own clashing one, or a slot holder's. */
function addWithOneMove(problem: Problem, a: Assignment, c: number): boolean {
  const { day, now, locked } = problem;
  const candidacy = day.candidacies[c]!;
  const student = candidacy.student;
  for (const k of day.processClasses[candidacy.process]!) {
    const tc = day.classes[k]!;
    if (tc.start < now) continue;
    const slot = freeSlot(day, a, k);
    if (slot >= 0) {
      let clashing = -1;
      let clashes = 0;
      for (const other of day.studentCandidacies[student]!) {
        const s = a.slotOf[other]!;
        if (s < 0) continue;
        const os = day.slots[s]!;
        if (tooClose(tc.start, tc.end, os.start, os.end, day.gap)) {
          clashes++;
          clashing = other;
        }
      }
      if (clashes !== 1 || locked[clashing]) continue;
      if (!fitsDay(day, a, student, tc.start, tc.end, clashing)) continue;
      const current = day.slots[a.slotOf[clashing]!]!.timeClass;
      for (const k2 of day.processClasses[day.candidacies[clashing]!.process]!) {
        const t2 = day.classes[k2]!;
        if (k2 === current || t2.start < now || tooClose(t2.start, t2.end, tc.start, tc.end, day.gap))
          continue;
        const s2 = freeSlot(day, a, k2);
        if (s2 < 0 || !fitsDay(day, a, student, t2.start, t2.end, clashing)) continue;
        unplace(a, clashing);
        place(a, clashing, s2);
        place(a, c, slot);
        return true;
      }
    } else {
      if (!fitsDay(day, a, student, tc.start, tc.end)) continue;
      for (const s of tc.slots) {
        const holder = a.occupant[s]!;
        if (holder < 0 || locked[holder]) continue;
        const holderStudent = day.candidacies[holder]!.student;
        for (const k3 of day.processClasses[candidacy.process]!) {
          const t3 = day.classes[k3]!;
          if (k3 === k || t3.start < now) continue;
          const s3 = freeSlot(day, a, k3);
          if (s3 < 0 || !fitsDay(day, a, holderStudent, t3.start, t3.end, holder)) continue;
          unplace(a, holder);
          place(a, holder, s3);
          place(a, c, s);
          return true;
        }
      }
    }
  }
  return false;
}

/** Gives the student a better-ranked process in place of a worse one where a free slot allows it. */
function rankSwap(problem: Problem, a: Assignment, student: number): boolean {
  const { day, now, locked } = problem;
  const list = [...day.studentCandidacies[student]!].sort(
    (x, y) => day.candidacies[x]!.rank - day.candidacies[y]!.rank,
  );
  for (const better of list) {
    if (a.slotOf[better]! >= 0) continue;
    for (let i = list.length - 1; i >= 0; i--) {
      const worse = list[i]!;
      if (day.candidacies[worse]!.rank <= day.candidacies[better]!.rank) break;
      if (a.slotOf[worse]! < 0 || locked[worse]) continue;
      for (const k of day.processClasses[day.candidacies[better]!.process]!) {
        const tc = day.classes[k]!;
        if (tc.start < now) continue;
        const slot = freeSlot(day, a, k, problem.previousSlot[better]);
        if (slot < 0 || !fitsDay(day, a, student, tc.start, tc.end, worse)) continue;
        unplace(a, worse);
        place(a, better, slot);
        return true;
      }
    }
  }
  return false;
}

export function improve(problem: Problem, a: Assignment): void {
  const { day } = problem;
  const order = priorityOrder(problem);
  for (let changed = true; changed;) {
    changed = false;
    for (const c of order) {
      if (a.slotOf[c]! >= 0) continue;
      const slot = chooseSlot(problem, a, c);
      if (slot >= 0) {
        place(a, c, slot);
        changed = true;
      }
    }
    for (const c of order) if (a.slotOf[c]! < 0 && addWithOneMove(problem, a, c)) changed = true;
    for (let student = 0; student < day.students.length; student++)
      while (rankSwap(problem, a, student)) changed = true;
  }
}

export const greedy: GreedyEngine = (problem) => {
  const a = copyAssignment(problem.start);
  for (const c of priorityOrder(problem)) {
    if (a.slotOf[c]! >= 0) continue;
    const slot = chooseSlot(problem, a, c);
    if (slot >= 0) place(a, c, slot);
  }
  improve(problem, a);
  return a;
};
