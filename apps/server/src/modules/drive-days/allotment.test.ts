import { fc, it as prop } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkAllotment } from './allotment-check.ts';
import { greedy } from './allotment-greedy.ts';
import type { MilpSolver } from './allotment-model.ts';
import type { AllotmentInput, AllotmentPanel, Interview } from './allotment-types.ts';
import { allot, preview, reallot } from './allotment.ts';

/*
 * The allotment engine on random days. The invariants, the exhaustive search and the rank
 * property below are written here afresh from the input (slots derived by hand), not taken from
 * the engine, so a fault in the engine's own checker cannot hide a fault in its answers.
 */

// ---------------------------------------------------------------- random days

interface Size {
  students: number;
  processes: number;
  panels: number;
  slots: number;
}

const panelShape = (maxSlots: number) =>
  fc
    .record({
      start: fc.integer({ min: 0, max: 8 }).map((k) => 9 * 60 + 15 * k),
      slotMinutes: fc.constantFrom(15, 20, 30),
      bufferMinutes: fc.constantFrom(0, 5, 10),
      slots: fc.integer({ min: 1, max: maxSlots }),
      slack: fc.constantFrom(0, 5, 10),
    })
    .map(({ start, slotMinutes, bufferMinutes, slots, slack }) => ({
      start,
      end: start + slots * slotMinutes + (slots - 1) * bufferMinutes + Math.min(slack, slotMinutes - 1),
      slotMinutes,
      bufferMinutes,
    }));

const dayOf = (size: Size) =>
  fc
    .record({
      students: fc.integer({ min: 1, max: size.students }),
      processes: fc.array(
        fc.record({
          tier: fc.integer({ min: 0, max: 2 }),
          panels: fc.array(panelShape(size.slots), { minLength: 1, maxLength: size.panels }),
        }),
        { minLength: 1, maxLength: size.processes },
      ),
      gapMinutes: fc.constantFrom(0, 5, 10, 15, 30),
      higherTiersFirst: fc.boolean(),
    })
    .chain(({ students, processes, gapMinutes, higherTiersFirst }) => {
      const studentIds = Array.from({ length: students }, (_, i) => `s${i}`);
      const processIds = processes.map((_, i) => `p${i}`);
      return fc
        .record({
          shortlists: fc.tuple(...processes.map(() => fc.shuffledSubarray(studentIds))),
          rankings: fc.tuple(
            ...studentIds.map(() => fc.option(fc.shuffledSubarray(processIds), { freq: 4 })),
          ),
          unavailable: fc.array(
            fc.record({
              studentId: fc.constantFrom(...studentIds),
              from: fc.integer({ min: 0, max: 12 }).map((k) => 9 * 60 + 15 * k),
              minutes: fc.constantFrom(15, 30, 60, 600),
            }),
            { maxLength: 2 },
          ),
        })
        .map(({ shortlists, rankings, unavailable }): AllotmentInput => ({
          gapMinutes,
          processes: processes.map((p, i) => ({
            id: processIds[i]!,
            companyId: `company-${i}`,
            tier: p.tier,
            candidates: shortlists[i]!,
          })),
          panels: processes.flatMap((p, i) =>
            p.panels.map((shape, j) => ({ id: `p${i}-panel${j}`, processId: processIds[i]!, ...shape })),
          ),
          rankings: studentIds.flatMap((studentId, i) =>
            rankings[i] ? [{ studentId, processIds: rankings[i] }] : [],
          ),
          unavailable: unavailable.map((u) => ({
            studentId: u.studentId,
            from: u.from,
            to: u.from + u.minutes,
          })),
          policy: { higherTiersFirst },
        }));
    });

/** A property's runs share one test's time; on 2 busy cores a run of the solver can take a second. */
const PROPERTY_TIMEOUT = 120_000;

const small = dayOf({ students: 8, processes: 4, panels: 2, slots: 3 });
const medium = dayOf({ students: 30, processes: 6, panels: 3, slots: 6 });

// ---------------------------------------------------------------- the rules, derived afresh

interface Slot {
  panelId: string;
  processId: string;
  slot: number;
  start: number;
  end: number;
}

function slotsOf(panel: AllotmentPanel): Slot[] {
  const slots: Slot[] = [];
  const delays = panel.delays ?? [];
  for (let k = 0; ; k++) {
    const nominal = panel.start + k * (panel.slotMinutes + panel.bufferMinutes);
    if (nominal + panel.slotMinutes > panel.end) break;
    let start = nominal;
    for (const d of delays) if (start >= d.from) start += d.minutes;
    if (panel.closedFrom !== undefined && start >= panel.closedFrom) continue;
    slots.push({
      panelId: panel.id,
      processId: panel.processId,
      slot: k,
      start,
      end: start + panel.slotMinutes,
    });
  }
  return slots;
}

const clash = (a: { start: number; end: number }, b: { start: number; end: number }, gap: number) =>
  a.start < b.end + gap && b.start < a.end + gap;

const canCome = (input: AllotmentInput, studentId: string, s: { start: number; end: number }) =>
  input.unavailable.every((u) => u.studentId !== studentId || s.end <= u.from || u.to <= s.start);

/** Every invariant a published allotment keeps, asserted one by one. */
function expectValid(input: AllotmentInput, interviews: Interview[], historic: Interview[] = []) {
  const slots = new Map(input.panels.flatMap((p) => slotsOf(p).map((s) => [`${s.panelId}/${s.slot}`, s])));
  const used = new Set<string>();
  const pairs = new Set<string>();
  for (const i of interviews) {
    const slot = slots.get(`${i.panelId}/${i.slot}`);
    expect(slot, `${i.panelId}/${i.slot} is a slot`).toBeDefined();
    expect([i.start, i.end]).toEqual([slot!.start, slot!.end]);
    const panel = input.panels.find((p) => p.id === i.panelId)!;
    const lateBy = (panel.delays ?? []).reduce((n, d) => n + d.minutes, 0);
    expect(i.start).toBeGreaterThanOrEqual(panel.start);
    expect(i.end).toBeLessThanOrEqual(panel.end + lateBy);
    expect(i.processId).toBe(panel.processId);
    expect(input.processes.find((p) => p.id === i.processId)!.candidates).toContain(i.studentId);
    expect(used.has(`${i.panelId}/${i.slot}`), 'one student per slot').toBe(false);
    used.add(`${i.panelId}/${i.slot}`);
    expect(pairs.has(`${i.studentId}/${i.processId}`), 'one interview per process').toBe(false);
    pairs.add(`${i.studentId}/${i.processId}`);
    if (!historic.some((h) => h.studentId === i.studentId && h.processId === i.processId))
      expect(canCome(input, i.studentId, i), `${i.studentId} can come at ${i.start}`).toBe(true);
  }
  for (const a of interviews)
    for (const b of interviews)
      if (a !== b && a.studentId === b.studentId)
        expect(clash(a, b, input.gapMinutes), `${a.studentId}: ${a.start} and ${b.start} keep the gap`).toBe(
          false,
        );
}

/** The most interviews any allotment of a small day can place, by exhaustive search. */
function exhaustiveMaximum(input: AllotmentInput): number {
  const slots = input.panels.flatMap(slotsOf);
  const students = [...new Set(input.processes.flatMap((p) => p.candidates))];
  const options = students.map((s) =>
    input.processes
      .filter((p) => p.candidates.includes(s))
      .map((p) =>
        slots
          .map((slot, id) => ({ slot, id }))
          .filter(({ slot }) => slot.processId === p.id && canCome(input, s, slot)),
      ),
  );
  const memo = new Map<string, number>();
  const best = (i: number, taken: number): number => {
    if (i === students.length) return 0;
    const key = `${i}:${taken}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let most = 0;
    const day: Slot[] = [];
    const plan = (j: number, mask: number, placed: number) => {
      if (j === options[i]!.length) {
        most = Math.max(most, placed + best(i + 1, mask));
        return;
      }
      plan(j + 1, mask, placed);
      for (const { slot, id } of options[i]![j]!) {
        if (mask & (1 << id) || day.some((d) => clash(d, slot, input.gapMinutes))) continue;
        day.push(slot);
        plan(j + 1, mask | (1 << id), placed + 1);
        day.pop();
      }
    };
    plan(0, taken, 0);
    memo.set(key, most);
    return most;
  };
  return best(0, 0);
}

/**
 * Pairs (higher, lower) of a student's processes where the higher one must win: a higher tier
 * under the policy, else both ranked in that order (or only the higher one ranked).
 */
function ranksAbove(input: AllotmentInput, studentId: string, a: string, b: string): boolean {
  const tier = (id: string) => input.processes.find((p) => p.id === id)!.tier;
  if (input.policy.higherTiersFirst && tier(a) !== tier(b)) return tier(a) > tier(b);
  const ranking = input.rankings.find((r) => r.studentId === studentId)?.processIds ?? [];
  const ia = ranking.indexOf(a);
  const ib = ranking.indexOf(b);
  return ia >= 0 && (ib < 0 || ia < ib);
}

/**
 * Students who keep a lower-ranked process though a higher-ranked one has a free slot fitting their
 * day without it. A re-allotment at `now` may give only slots still to come: an unused slot that
 * started before `now` is not free.
 */
function rankViolations(
  input: AllotmentInput,
  interviews: Interview[],
  frozen: (i: Interview) => boolean = () => false,
  now = -Infinity,
) {
  const used = new Set(interviews.map((i) => `${i.panelId}/${i.slot}`));
  const free = input.panels
    .flatMap(slotsOf)
    .filter((s) => !used.has(`${s.panelId}/${s.slot}`) && s.start >= now);
  const found: string[] = [];
  for (const p of input.processes)
    for (const studentId of p.candidates) {
      const mine = interviews.filter((i) => i.studentId === studentId);
      if (mine.some((i) => i.processId === p.id)) continue;
      for (const lower of mine) {
        if (frozen(lower) || !ranksAbove(input, studentId, p.id, lower.processId)) continue;
        const rest = mine.filter((i) => i !== lower);
        if (
          free.some(
            (s) =>
              s.processId === p.id &&
              canCome(input, studentId, s) &&
              rest.every((i) => !clash(i, s, input.gapMinutes)),
          )
        )
          found.push(`${studentId} keeps ${lower.processId} over ${p.id}`);
      }
    }
  return found;
}

// ---------------------------------------------------------------- allotment

describe('the allotment', () => {
  prop.prop([medium], { numRuns: 25 })(
    'on random days keeps every rule: the gap, one student a slot, inside the hours, one interview a process',
    async (input) => {
      const result = await allot(input);
      expectValid(input, result.interviews);
      expect(checkAllotment(input, result.interviews)).toEqual([]);
      const candidacies = input.processes.reduce((n, p) => n + p.candidates.length, 0);
      expect(result.interviews.length + result.leftOut.length).toBe(candidacies);
    },
    PROPERTY_TIMEOUT,
  );

  prop.prop([small], { numRuns: 100 })(
    'on small days (up to 8 students × 4 companies) places as many interviews as an exhaustive search',
    async (input) => {
      const result = await allot(input);
      expect(result.stats.method).toBe('solver');
      expect(result.stats.solverStatus).toBe('optimal');
      expect(result.interviews.length).toBe(exhaustiveMaximum(input));
    },
    PROPERTY_TIMEOUT,
  );

  prop.prop([fc.oneof(small, medium)], { numRuns: 40 })(
    'never gives a lower-ranked company a slot that a higher-ranked one had free for the student',
    async (input) => {
      const result = await allot(input);
      expect(rankViolations(input, result.interviews)).toEqual([]);
    },
    PROPERTY_TIMEOUT,
  );

  it('gives the student the company they ranked first when two clash and only one can be had', async () => {
    const input: AllotmentInput = {
      gapMinutes: 10,
      processes: [
        { id: 'alpha', companyId: 'a', tier: 0, candidates: ['asha'] },
        { id: 'beta', companyId: 'b', tier: 0, candidates: ['asha'] },
      ],
      panels: [
        { id: 'alpha-1', processId: 'alpha', start: 600, end: 630, slotMinutes: 30, bufferMinutes: 0 },
        { id: 'beta-1', processId: 'beta', start: 600, end: 630, slotMinutes: 30, bufferMinutes: 0 },
      ],
      rankings: [{ studentId: 'asha', processIds: ['beta', 'alpha'] }],
      unavailable: [],
      policy: { higherTiersFirst: false },
    };
    const result = await allot(input);
    expect(result.interviews.map((i) => i.processId)).toEqual(['beta']);
    expect(result.leftOut).toEqual([{ studentId: 'asha', processId: 'alpha', reason: 'clash' }]);

    const tiered = await allot({
      ...input,
      processes: input.processes.map((p) => (p.id === 'alpha' ? { ...p, tier: 1 } : p)),
      policy: { higherTiersFirst: true },
    });
    expect(tiered.interviews.map((i) => i.processId)).toEqual(['alpha']);
  });

  it("gives a full company's slots to the candidates it ordered first, and says why the others are out", async () => {
    const result = await allot({
      gapMinutes: 10,
      processes: [
        { id: 'alpha', companyId: 'a', tier: 0, candidates: ['ravi', 'meena', 'john'] },
        { id: 'beta', companyId: 'b', tier: 0, candidates: ['john'] },
        { id: 'gamma', companyId: 'c', tier: 0, candidates: ['zoya'] },
      ],
      panels: [
        { id: 'alpha-1', processId: 'alpha', start: 600, end: 660, slotMinutes: 30, bufferMinutes: 0 },
        {
          id: 'beta-1',
          processId: 'beta',
          start: 600,
          end: 630,
          slotMinutes: 30,
          bufferMinutes: 0,
          closedFrom: 600,
        },
        { id: 'gamma-1', processId: 'gamma', start: 600, end: 630, slotMinutes: 30, bufferMinutes: 0 },
      ],
      rankings: [],
      unavailable: [{ studentId: 'zoya', from: 540, to: 720 }],
      policy: { higherTiersFirst: false },
    });
    expect(result.interviews.map((i) => i.studentId).sort()).toEqual(['meena', 'ravi']);
    expect(result.leftOut).toEqual([
      { studentId: 'john', processId: 'alpha', reason: 'capacity' },
      { studentId: 'john', processId: 'beta', reason: 'no-slots' },
      { studentId: 'zoya', processId: 'gamma', reason: 'unavailable' },
    ]);
  });
});

// ---------------------------------------------------------------- the fallback

describe('the greedy fallback', () => {
  prop.prop([fc.oneof(small, medium)], { numRuns: 40 })(
    'passes the same check: every rule, and the rank property',
    async (input) => {
      const result = await allot(input, { solver: 'none' });
      expect(result.stats.method).toBe('greedy');
      expectValid(input, result.interviews);
      expect(rankViolations(input, result.interviews)).toEqual([]);
      expect(checkAllotment(input, result.interviews)).toEqual([]);
    },
    PROPERTY_TIMEOUT,
  );

  const twoAtTen: AllotmentInput = {
    gapMinutes: 10,
    processes: [
      { id: 'alpha', companyId: 'a', tier: 0, candidates: ['asha', 'ben'] },
      { id: 'beta', companyId: 'b', tier: 0, candidates: ['asha'] },
    ],
    panels: [
      { id: 'alpha-1', processId: 'alpha', start: 600, end: 690, slotMinutes: 30, bufferMinutes: 0 },
      { id: 'beta-1', processId: 'beta', start: 600, end: 630, slotMinutes: 30, bufferMinutes: 0 },
    ],
    rankings: [],
    unavailable: [],
    policy: { higherTiersFirst: false },
  };

  it('takes over when the solver fails, and says why', async () => {
    const broken: MilpSolver = () => Promise.reject(new Error('the solver ran out of memory'));
    const result = await allot(twoAtTen, { solver: broken });
    expect(result.stats.method).toBe('greedy');
    expect(result.stats.fallbackReason).toBe('the solver ran out of memory');
    expect(result.interviews).toHaveLength(3);
    expectValid(twoAtTen, result.interviews);
  });

  it("takes over when the solver's answer fails the check (a student in two places at 10:00)", async () => {
    // Each candidacy the first time no one has yet: Asha at alpha 10:00 and at beta 10:00.
    const wrong: MilpSolver = async (model) => {
      const seen = new Set<number>();
      const times = new Set<number>();
      const values = new Float64Array(model.numCols);
      for (let col = 0; col < model.numCols; col++) {
        const c = model.colCandidacy[col]!;
        if (seen.has(c) || times.has(model.colClass[col]!)) continue;
        seen.add(c);
        times.add(model.colClass[col]!);
        values[col] = 1;
      }
      return { status: 'optimal', values };
    };
    const result = await allot(twoAtTen, { solver: wrong });
    expect(result.stats.method).toBe('greedy');
    expect(result.stats.fallbackReason).toMatch(/failed the check: .*too close/);
    expectValid(twoAtTen, result.interviews);
  });

  it('still gives a checked allotment under a time limit too short for anything', async () => {
    const result = await allot(twoAtTen, { timeLimitSeconds: 0 });
    expectValid(twoAtTen, result.interviews);
    expect(result.interviews).toHaveLength(3);
  });

  it('is never returned unchecked: when it breaks a rule too, the allotment throws', async () => {
    const broken: MilpSolver = () => Promise.reject(new Error('no solver today'));
    await expect(
      allot(twoAtTen, {
        solver: broken,
        greedy: (problem) => {
          const a = greedy(problem);
          // Put Ben in Asha's slot as well.
          const asha = a.slotOf.findIndex((s, c) => s >= 0 && problem.day.candidacies[c]!.student === 0);
          a.slotOf[problem.day.studentCandidacies[1]![0]!] = a.slotOf[asha]!;
          return a;
        },
      }),
    ).rejects.toThrow(/the greedy allotment failed the check/);
  });
});

// ---------------------------------------------------------------- re-allotment

const pairOf = (i: Interview) => `${i.studentId}/${i.processId}`;
const same = (a: Interview, b: Interview | undefined) =>
  b !== undefined && a.panelId === b.panelId && a.slot === b.slot && a.start === b.start;

describe('re-allotment', () => {
  prop.prop([medium, fc.nat(), fc.integer({ min: 0, max: 16 })], { numRuns: 15 })(
    'after a panel closes moves only its students: everyone else keeps every slot',
    async (input, which, quarter) => {
      const before = await allot(input);
      const panel = input.panels[which % input.panels.length]!;
      const now = 9 * 60 + 15 * quarter;
      const after = await reallot(before, { kind: 'panel-closed', panelId: panel.id, at: now }, { now });
      const affected = new Set(
        before.interviews.filter((i) => i.panelId === panel.id && i.start >= now).map((i) => i.studentId),
      );
      const next = new Map(after.interviews.map((i) => [pairOf(i), i]));
      const history = before.interviews.filter((i) => i.start < now);
      for (const i of before.interviews)
        if (!affected.has(i.studentId) || i.start < now)
          expect(same(i, next.get(pairOf(i))), pairOf(i)).toBe(true);
      expect(after.interviews.some((i) => i.panelId === panel.id && i.start >= now)).toBe(false);
      expect(after.interviews.filter((i) => i.start < now)).toEqual(history);
      expectValid(after.input, after.interviews, history);
      expect(
        rankViolations(
          after.input,
          after.interviews,
          (i) => i.start < now || !affected.has(i.studentId),
          now,
        ),
      ).toEqual([]);
      for (const m of [...after.changes.moved, ...after.changes.dropped])
        expect(affected).toContain(m.studentId);
      for (const a of after.changes.added) expect(next.get(`${a.studentId}/${a.processId}`)).toBeDefined();
    },
    PROPERTY_TIMEOUT,
  );

  const day: AllotmentInput = {
    gapMinutes: 10,
    processes: [
      { id: 'alpha', companyId: 'a', tier: 0, candidates: ['asha', 'ben', 'chitra', 'dev'] },
      { id: 'beta', companyId: 'b', tier: 0, candidates: ['asha', 'ben', 'esha'] },
    ],
    panels: [
      { id: 'alpha-1', processId: 'alpha', start: 600, end: 660, slotMinutes: 30, bufferMinutes: 0 },
      { id: 'alpha-2', processId: 'alpha', start: 600, end: 720, slotMinutes: 30, bufferMinutes: 0 },
      { id: 'beta-1', processId: 'beta', start: 600, end: 720, slotMinutes: 30, bufferMinutes: 10 },
    ],
    rankings: [],
    unavailable: [],
    policy: { higherTiersFirst: false },
  };

  it('moves the students of a closed panel to the free slots of the same company, telling each', async () => {
    const before = await allot(day);
    const onPanel = before.interviews.filter((i) => i.panelId === 'alpha-1');
    expect(onPanel.length).toBeGreaterThan(0);
    const after = await reallot(before, { kind: 'panel-closed', panelId: 'alpha-1', at: 540 }, { now: 540 });
    expectValid(after.input, after.interviews);
    expect(after.interviews.filter((i) => i.processId === 'alpha')).toHaveLength(4);
    expect(after.changes.dropped).toEqual([]);
    expect(after.changes.added).toEqual([]);
    const moved = new Set(after.changes.moved.map((m) => m.studentId));
    for (const i of onPanel) expect(moved).toContain(i.studentId);
    for (const m of after.changes.moved)
      expect(m.to.panelId === 'alpha-1' && m.to.slot === m.from.slot).toBe(false);
  });

  it("moves a late company's interviews by the delay, and re-allots a student whose next interview it runs into", async () => {
    const before = await allot(day);
    const after = await reallot(
      before,
      { kind: 'running-late', panelIds: ['alpha-1', 'alpha-2'], from: 600, minutes: 30 },
      { now: 540 },
    );
    expectValid(after.input, after.interviews);
    for (const i of after.interviews.filter((x) => x.processId === 'alpha'))
      expect(i.start).toBeGreaterThanOrEqual(630);
    const late = after.changes.moved.filter((m) => m.processId === 'alpha');
    expect(late.length).toBeGreaterThan(0);
    expect(after.interviews).toHaveLength(before.interviews.length);
  });

  it("gives the slots of a student who cannot come to candidates left out, and drops the student's own", async () => {
    const tight: AllotmentInput = {
      ...day,
      panels: [
        { id: 'alpha-1', processId: 'alpha', start: 600, end: 660, slotMinutes: 30, bufferMinutes: 0 },
      ],
      processes: [day.processes[0]!],
    };
    const before = await allot(tight);
    expect(before.interviews.map((i) => i.studentId)).toEqual(['asha', 'ben']);
    const after = await reallot(
      before,
      { kind: 'student-unavailable', studentId: 'asha', from: 540 },
      { now: 540 },
    );
    expectValid(after.input, after.interviews);
    expect(after.changes.dropped).toEqual([
      {
        studentId: 'asha',
        processId: 'alpha',
        from: expect.objectContaining({ panelId: 'alpha-1' }),
        reason: 'unavailable',
      },
    ]);
    expect(after.changes.added.map((a) => a.studentId)).toEqual(['chitra']);
    expect(after.changes.moved).toEqual([]);
  });

  it('fills a panel added on the day with candidates left out, moving nobody', async () => {
    const tight: AllotmentInput = {
      ...day,
      panels: [
        { id: 'alpha-1', processId: 'alpha', start: 600, end: 660, slotMinutes: 30, bufferMinutes: 0 },
      ],
      processes: [day.processes[0]!],
    };
    const before = await allot(tight);
    const after = await reallot(
      before,
      {
        kind: 'panel-added',
        panel: { id: 'alpha-9', processId: 'alpha', start: 660, end: 720, slotMinutes: 30, bufferMinutes: 0 },
      },
      { now: 540 },
    );
    expectValid(after.input, after.interviews);
    expect(after.changes.added.map((a) => a.studentId).sort()).toEqual(['chitra', 'dev']);
    expect(after.changes.moved).toEqual([]);
    expect(after.changes.dropped).toEqual([]);
  });
});

// ---------------------------------------------------------------- the checker itself

describe('the check', () => {
  const input: AllotmentInput = {
    gapMinutes: 15,
    processes: [
      { id: 'alpha', companyId: 'a', tier: 0, candidates: ['asha', 'ben'] },
      { id: 'beta', companyId: 'b', tier: 0, candidates: ['asha'] },
    ],
    panels: [
      { id: 'alpha-1', processId: 'alpha', start: 600, end: 660, slotMinutes: 30, bufferMinutes: 0 },
      { id: 'beta-1', processId: 'beta', start: 600, end: 720, slotMinutes: 30, bufferMinutes: 0 },
    ],
    rankings: [{ studentId: 'asha', processIds: ['beta', 'alpha'] }],
    unavailable: [{ studentId: 'ben', from: 630, to: 660 }],
    policy: { higherTiersFirst: false },
  };
  const at = (
    studentId: string,
    processId: string,
    panelId: string,
    slot: number,
    start: number,
  ): Interview => ({
    studentId,
    processId,
    panelId,
    slot,
    start,
    end: start + 30,
  });

  it.each([
    [
      'two students in one slot',
      [at('asha', 'alpha', 'alpha-1', 0, 600), at('ben', 'alpha', 'alpha-1', 0, 600)],
      /holds another student/,
    ],
    [
      'interviews closer than the gap',
      [
        at('asha', 'alpha', 'alpha-1', 0, 600),
        at('asha', 'beta', 'beta-1', 1, 630),
        at('ben', 'alpha', 'alpha-1', 1, 630),
      ],
      /too close/,
    ],
    ['a slot outside the panel', [at('asha', 'alpha', 'alpha-1', 2, 660)], /not a slot/],
    ['a student not on the shortlist', [at('ben', 'beta', 'beta-1', 0, 600)], /not on the shortlist/],
    ['a student who cannot come', [at('ben', 'alpha', 'alpha-1', 1, 630)], /cannot come/],
    [
      'a lower-ranked company kept over a free higher-ranked one',
      [at('asha', 'alpha', 'alpha-1', 0, 600), at('ben', 'alpha', 'alpha-1', 1, 630)],
      /ranked higher/,
    ],
    [
      'a candidate left out beside a free slot',
      [at('asha', 'beta', 'beta-1', 2, 660)],
      /left out of alpha though a free slot/,
    ],
  ])('finds %s', (_, interviews, message) => {
    expect(checkAllotment(input, interviews).join('\n')).toMatch(message);
  });

  it('passes a sound allotment', () => {
    const sound = [
      at('ben', 'alpha', 'alpha-1', 0, 600),
      at('asha', 'alpha', 'alpha-1', 1, 630),
      at('asha', 'beta', 'beta-1', 3, 690),
    ];
    expect(checkAllotment(input, sound)).toEqual([]);
  });
});

// ---------------------------------------------------------------- preview and bad input

describe('the preview', () => {
  it("shows each panel's timeline, each student's day and everyone left out", async () => {
    const input: AllotmentInput = {
      gapMinutes: 0,
      processes: [{ id: 'alpha', companyId: 'a', tier: 0, candidates: ['asha', 'ben', 'chitra'] }],
      panels: [
        { id: 'alpha-1', processId: 'alpha', start: 600, end: 690, slotMinutes: 30, bufferMinutes: 5 },
      ],
      rankings: [],
      unavailable: [],
      policy: { higherTiersFirst: false },
    };
    const view = preview(await allot(input));
    expect(view.panels).toEqual([
      {
        panelId: 'alpha-1',
        processId: 'alpha',
        slots: [
          { slot: 0, start: 600, end: 630, studentId: 'asha' },
          { slot: 1, start: 635, end: 665, studentId: 'ben' },
        ],
      },
    ]);
    expect(view.students.map((s) => [s.studentId, s.interviews.map((i) => i.start)])).toEqual([
      ['asha', [600]],
      ['ben', [635]],
    ]);
    expect(view.leftOut).toEqual([{ studentId: 'chitra', processId: 'alpha', reason: 'capacity' }]);
  });
});

describe('bad input', () => {
  const base: AllotmentInput = {
    gapMinutes: 10,
    processes: [{ id: 'alpha', companyId: 'a', tier: 0, candidates: ['asha'] }],
    panels: [{ id: 'alpha-1', processId: 'alpha', start: 600, end: 700, slotMinutes: 30, bufferMinutes: 0 }],
    rankings: [],
    unavailable: [],
    policy: { higherTiersFirst: false },
  };
  it.each([
    ['a panel listed twice', { panels: [base.panels[0]!, base.panels[0]!] }, /listed twice/],
    [
      'a panel of an unknown process',
      { panels: [{ ...base.panels[0]!, processId: 'beta' }] },
      /unknown process/,
    ],
    [
      'slots that would overlap on a panel',
      { panels: [{ ...base.panels[0]!, bufferMinutes: -10 }] },
      /buffer/,
    ],
    ['a negative gap', { gapMinutes: -5 }, /gap/],
  ])('is refused: %s', async (_, change, message) => {
    await expect(allot({ ...base, ...change })).rejects.toThrow(message);
  });
});
