import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, students } from '../../db/schema.ts';
import { createServices } from '../../services.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyDecision, eligibleStudentSql, type JobCriteria, type JobFacts } from './eligibility.ts';
import { day } from '../../test/placement.ts';

/** Students whose facts sit on each side of every criterion below. */
const table: {
  name: string;
  degrees: string[];
  cgpa: number | null;
  year: number | null;
  verified: boolean;
}[] = [
  { name: 'Plain', degrees: ['B.Tech'], cgpa: 8, year: 2026, verified: true },
  { name: 'Spaced', degrees: [' b.tech\t'], cgpa: 7, year: 2026, verified: false },
  { name: 'Shouting', degrees: ['B.TECH', 'M.Sc'], cgpa: 6.99, year: 2025, verified: true },
  { name: 'Science', degrees: ['M.Sc'], cgpa: 9.5, year: 2027, verified: true },
  { name: 'Accented', degrees: ['École'], cgpa: 8, year: 2026, verified: true },
  { name: 'Lowaccent', degrees: ['école'], cgpa: 8, year: 2026, verified: true },
  { name: 'Nodegree', degrees: [], cgpa: 9, year: 2026, verified: true },
  { name: 'Nocgpa', degrees: ['B.Tech'], cgpa: null, year: 2026, verified: true },
  { name: 'Noyear', degrees: ['B.Tech'], cgpa: 9, year: null, verified: false },
  { name: 'Quoted', degrees: ["B.Tech's {AI}", 'M,Sc "Hons"'], cgpa: 7.5, year: 2027, verified: false },
  { name: 'Nbsp', degrees: ['\u00a0MBA\u00a0'], cgpa: 8.25, year: 2025, verified: true },
];

/** Criteria alone and combined, including ones that meet a student's value exactly. */
const criteria: JobCriteria[] = [
  { minCgpa: null, eligibleDegrees: [], eligibleYears: [] },
  { minCgpa: 7, eligibleDegrees: [], eligibleYears: [] },
  { minCgpa: 8.25, eligibleDegrees: [], eligibleYears: [] },
  { minCgpa: null, eligibleDegrees: ['B.Tech'], eligibleYears: [] },
  { minCgpa: null, eligibleDegrees: [' b.tech ', 'M.Sc'], eligibleYears: [] },
  { minCgpa: null, eligibleDegrees: ['École'], eligibleYears: [] },
  { minCgpa: null, eligibleDegrees: ["b.tech's {ai}", 'm,sc "hons"'], eligibleYears: [] },
  { minCgpa: null, eligibleDegrees: ['mba'], eligibleYears: [] },
  { minCgpa: null, eligibleDegrees: [], eligibleYears: [2026] },
  { minCgpa: null, eligibleDegrees: [], eligibleYears: [2025, 2027] },
  { minCgpa: 7, eligibleDegrees: ['B.Tech', 'M.Sc'], eligibleYears: [2026, 2027] },
  { minCgpa: 9, eligibleDegrees: ['MBA', 'M.Sc'], eligibleYears: [2025, 2027] },
];

describe('who hears of a job: eligibleStudentSql', () => {
  let t: TestApp;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const s of table) {
      const [account] = await t.db
        .insert(accounts)
        .values({
          role: 'student',
          email: `${s.name.toLowerCase()}@agreement.example.com`,
          passwordHash: 'not-a-hash',
          firstName: s.name,
          lastName: 'Agreement',
          phone: '9876543210',
        })
        .returning({ id: accounts.id });
      await t.db.insert(students).values({
        accountId: account!.id,
        degrees: s.degrees,
        cgpa: s.cgpa,
        yearOfPassing: s.year,
        academicsVerifiedAt: s.verified ? new Date() : null,
      });
      ids.set(s.name, account!.id);
    }
  });
  afterAll(() => t.close());

  it('picks exactly the students applyDecision lets apply, for every job and both verification settings', async () => {
    const { placementPolicyService } = createServices(t.config, t.db);
    const contexts = new Map<
      string,
      NonNullable<Awaited<ReturnType<typeof placementPolicyService.applyContext>>>
    >();
    for (const [name, id] of ids) contexts.set(name, (await placementPolicyService.applyContext(id))!);
    const today = day(0);
    let picked = 0;
    let left = 0;

    for (const settings of [{ requireVerifiedAcademics: false }, { requireVerifiedAcademics: true }]) {
      for (const c of criteria) {
        const job: JobFacts = {
          ...c,
          status: 'Open',
          startDate: today,
          applicationDeadline: today,
          package: null,
          type: 'Full-time',
        };
        const rows = await t.db
          .select({ id: students.accountId })
          .from(students)
          .where(and(inArray(students.accountId, [...ids.values()]), eligibleStudentSql(c, settings)));
        const bySql = table.filter((s) => rows.some((r) => r.id === ids.get(s.name))).map((s) => s.name);
        const byRule = table
          .filter((s) => applyDecision(job, { ...contexts.get(s.name)!, settings }) === null)
          .map((s) => s.name);
        expect(bySql, `${JSON.stringify(c)} ${JSON.stringify(settings)}`).toEqual(byRule);
        picked += bySql.length;
        left += table.length - bySql.length;
      }
    }
    // The table is not one-sided: both answers occur many times.
    expect(picked).toBeGreaterThan(20);
    expect(left).toBeGreaterThan(20);
  });
});
