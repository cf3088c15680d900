/**
 * `npm run bench:allotment`: the drive-day allotment engine on a Day 0 of 2,000 students, 60
 * companies and 180 panels with 30-minute slots: a full allotment (target: 10 s), then a
 * re-allotment after the busiest panel closes at 11:00 (target: 2 s). Prints interviews placed,
 * students left out and changes made; then two more changes (a company running late, a student
 * who cannot come) and, untimed, an upper bound on the interviews any allotment could place (the
 * model's linear relaxation). The day is drawn from a fixed seed, so runs compare.
 *
 *   npm run bench:allotment                       the day described above
 *   npm run bench:allotment -- --seed 7           another day of the same shape
 *   npm run bench:allotment -- --time-limit 20    give the solver longer
 */
import { parseArgs } from 'node:util';
import { allot, reallot } from '../src/modules/drive-days/allotment.ts';
import { compileDay, freshProblem } from '../src/modules/drive-days/allotment-day.ts';
import { highsSolver, interviewBound } from '../src/modules/drive-days/allotment-model.ts';
import type {
  AllotmentInput,
  AllotmentPanel,
  AllotmentProcess,
} from '../src/modules/drive-days/allotment-types.ts';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '30' },
    students: { type: 'string', default: '2000' },
    companies: { type: 'string', default: '60' },
    panels: { type: 'string', default: '180' },
    'time-limit': { type: 'string', default: '8' },
  },
});

/** mulberry32: a small seeded generator, so the bench day is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function driveDay(
  seed: number,
  studentCount: number,
  companyCount: number,
  panelCount: number,
): AllotmentInput {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const students = Array.from({ length: studentCount }, (_, i) => `s${i + 1}`);
  // Strong students are on more shortlists, and nearer their tops.
  const merit = new Map(students.map((s) => [s, rnd()]));

  const panelsPer = Array.from({ length: companyCount }, () => Math.floor(panelCount / companyCount));
  for (let extra = panelCount - panelsPer.reduce((x, y) => x + y, 0); extra > 0; extra--)
    panelsPer[Math.floor(rnd() * companyCount)]!++;

  const hours = [
    [9 * 60, 18 * 60],
    [9 * 60, 18 * 60],
    [9 * 60, 13 * 60 + 30],
    [13 * 60 + 30, 18 * 60],
  ] as const;
  const processes: AllotmentProcess[] = [];
  const panels: AllotmentPanel[] = [];
  const shortlists: Set<string>[] = [];
  for (let c = 0; c < companyCount; c++) {
    const [start, end] = pick(hours);
    const buffer = pick([0, 5, 10]);
    let capacity = 0;
    for (let p = 0; p < panelsPer[c]!; p++) {
      // A panel in five starts an hour late or leaves an hour early.
      const from = start + (rnd() < 0.1 ? 60 : 0);
      const to = end - (rnd() < 0.1 ? 60 : 0);
      panels.push({
        id: `c${c + 1}-p${p + 1}`,
        processId: `c${c + 1}`,
        start: from,
        end: to,
        slotMinutes: 30,
        bufferMinutes: buffer,
      });
      capacity += Math.floor((to - from + buffer) / (30 + buffer));
    }
    // Shortlists of one to one and a half times what the panels can see, drawn by merit.
    const shortlist = new Set<string>();
    const wanted = Math.min(studentCount, Math.round(capacity * (1 + rnd() * 0.5)));
    while (shortlist.size < wanted) {
      const s = pick(students);
      if (rnd() < 0.3 + merit.get(s)!) shortlist.add(s);
    }
    shortlists.push(shortlist);
  }
  // Every student is on at least one shortlist.
  const listed = new Set(shortlists.flatMap((s) => [...s]));
  for (const s of students) if (!listed.has(s)) pick(shortlists).add(s);
  shortlists.forEach((shortlist, c) => {
    const noisy = new Map([...shortlist].map((s) => [s, merit.get(s)! + rnd() * 0.5]));
    processes.push({
      id: `c${c + 1}`,
      companyId: `company-${c + 1}`,
      tier: pick([0, 0, 1, 2]),
      candidates: [...shortlist].sort((x, y) => noisy.get(y)! - noisy.get(x)!),
    });
  });
  const mine = new Map<string, string[]>();
  for (const p of processes)
    for (const s of p.candidates) {
      let list = mine.get(s);
      if (!list) mine.set(s, (list = []));
      list.push(p.id);
    }
  // Nine students in ten rank their companies before the cut-off.
  const rankings = [...mine]
    .filter(() => rnd() < 0.9)
    .map(([studentId, list]) => ({ studentId, processIds: [...list].sort(() => rnd() - 0.5) }));
  const unavailable = students
    .filter(() => rnd() < 0.02)
    .map((studentId) => {
      const from = 9 * 60 + Math.floor(rnd() * 16) * 30;
      return { studentId, from, to: from + 60 };
    });
  return { gapMinutes: 10, processes, panels, rankings, unavailable, policy: { higherTiersFirst: true } };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const input = driveDay(Number(args.seed), Number(args.students), Number(args.companies), Number(args.panels));
const candidacies = input.processes.reduce((n, p) => n + p.candidates.length, 0);
console.log(
  `day: ${Number(args.students)} students, ${input.processes.length} companies, ${input.panels.length} panels, ` +
    `${candidacies} candidacies, 30-minute slots, gap ${input.gapMinutes} min (seed ${args.seed})`,
);

const timeLimitSeconds = Number(args['time-limit']);
const full = await allot(input, { timeLimitSeconds });
const students = new Set(input.processes.flatMap((p) => p.candidates));
const placed = new Set(full.interviews.map((i) => i.studentId));
const reasons = (list: { reason: string }[]) => {
  const counts = new Map<string, number>();
  for (const l of list) counts.set(l.reason, (counts.get(l.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${reason} ${n}`).join(', ');
};
console.log(
  `full allotment: ${seconds(full.stats.milliseconds.total)} (greedy ${seconds(full.stats.milliseconds.greedy)}, ` +
    `solver ${seconds(full.stats.milliseconds.solver)}); by ${full.stats.method}` +
    (full.stats.solverStatus ? ` (solver: ${full.stats.solverStatus})` : '') +
    (full.stats.fallbackReason ? ` — ${full.stats.fallbackReason}` : ''),
);
if (full.stats.model)
  console.log(
    `  model: ${full.stats.model.columns} columns, ${full.stats.model.rows} rows, ${full.stats.model.nonzeros} nonzeros`,
  );
console.log(
  `  interviews placed: ${full.stats.interviews} (greedy alone: ${full.stats.greedyInterviews}) of ${candidacies} candidacies`,
);
console.log(
  `  left out: ${full.leftOut.length} candidacies (${reasons(full.leftOut)}); ` +
    `students without any interview: ${students.size - placed.size} of ${students.size}`,
);

// The busiest panel closes at 11:00.
const byPanel = new Map<string, typeof full.interviews>();
for (const i of full.interviews) byPanel.set(i.panelId, [...(byPanel.get(i.panelId) ?? []), i]);
const busiest = [...byPanel].sort((a, b) => b[1].length - a[1].length)[0]!;
const now = 11 * 60;
const again = await reallot(full, { kind: 'panel-closed', panelId: busiest[0], at: now }, { now });
const { moved, dropped, added } = again.changes;
console.log(
  `re-allotment after ${busiest[0]} (${busiest[1].length} interviews, ` +
    `${busiest[1].filter((i) => i.start >= now).length} from 11:00) closes at 11:00: ${seconds(again.stats.milliseconds.total)}; ` +
    `by ${again.stats.method}` +
    (again.stats.solverStatus ? ` (solver: ${again.stats.solverStatus})` : '') +
    (again.stats.fallbackReason ? ` — ${again.stats.fallbackReason}` : ''),
);
if (again.stats.model)
  console.log(`  model: ${again.stats.model.columns} columns, ${again.stats.model.rows} rows`);
console.log(
  `  interviews placed: ${again.stats.interviews}; left out: ${again.leftOut.length}; ` +
    `changes: ${moved.length + dropped.length + added.length} (moved ${moved.length}, dropped ${dropped.length}, added ${added.length})`,
);

// Two more changes on the same day, untimed against a target: the busiest panel's company runs
// 45 minutes late from 11:00, and a student with three interviews cannot come after 12:00.
const company = input.panels.find((p) => p.id === busiest[0])!.processId;
const late = await reallot(
  full,
  {
    kind: 'running-late',
    panelIds: input.panels.filter((p) => p.processId === company).map((p) => p.id),
    from: now,
    minutes: 45,
  },
  { now },
);
const tell = (r: typeof late) =>
  `moved ${r.changes.moved.length}, dropped ${r.changes.dropped.length}, added ${r.changes.added.length}`;
console.log(
  `re-allotment after ${company} runs 45 minutes late from 11:00: ${seconds(late.stats.milliseconds.total)}; ${tell(late)}`,
);
const busyStudent = [...new Set(full.interviews.map((i) => i.studentId))].find(
  (s) => full.interviews.filter((i) => i.studentId === s && i.start >= 12 * 60).length >= 2,
);
if (busyStudent) {
  const absent = await reallot(
    full,
    { kind: 'student-unavailable', studentId: busyStudent, from: 12 * 60 },
    { now },
  );
  console.log(
    `re-allotment after ${busyStudent} cannot come from 12:00: ${seconds(absent.stats.milliseconds.total)}; ${tell(absent)}`,
  );
}

// Evidence that no allotment places more interviews: the model's linear relaxation, whole.
const bound = await interviewBound(freshProblem(compileDay(input)), highsSolver, 120);
console.log(
  bound === null
    ? 'upper bound: the relaxation did not finish'
    : `upper bound on interviews (the whole model's linear relaxation): ${bound}` +
        (bound === full.stats.interviews ? ' — the allotment places the most possible' : ''),
);

const fullOk = full.stats.milliseconds.total <= 10_000;
const reOk = again.stats.milliseconds.total <= 2_000;
console.log(
  `targets: full allotment ≤ 10 s ${fullOk ? 'met' : 'MISSED'}; re-allotment ≤ 2 s ${reOk ? 'met' : 'MISSED'}`,
);
if (!fullOk || !reOk) process.exitCode = 1;
