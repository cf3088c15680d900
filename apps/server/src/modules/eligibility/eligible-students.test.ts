import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, students } from '../../db/schema.ts';
import { createServices } from '../../services.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyDecision, eligibleStudentSql, type JobCriteria, type JobFacts } from './eligibility.ts';
import { day } from '../../test/placement.ts';

/**
 * Students whose facts sit on each side of every criterion below. Their degrees are written as
 * students write them; the database sets each one's programme from them (the catalogue migration
 * seeds), so the rule and its SQL twin compare the same codes.
 */
const table: {
  name: string;
  degrees: string[];
  cgpa: number | null;
  year: number | null;
  verified: boolean;
}[] = [
  { name: 'Cse', degrees: ['B.Tech CSE'], cgpa: 8, year: 2026, verified: true },
  { name: 'Ece', degrees: [' b.tech ece\t'], cgpa: 7, year: 2026, verified: false },
  {
    name: 'Spelt',
    degrees: ['B.Tech Computer Science and Engineering', 'M.Sc'],
    cgpa: 6.99,
    year: 2025,
    verified: true,
  },
  { name: 'Mech', degrees: ['B.E. Mechanical'], cgpa: 8, year: 2026, verified: true },
  { name: 'Science', degrees: ['M.Sc Computer Science'], cgpa: 9.5, year: 2027, verified: true },
  { name: 'Plain', degrees: ['B.Tech'], cgpa: 8, year: 2026, verified: true },
  { name: 'Unknown', degrees: ['École'], cgpa: 8, year: 2026, verified: true },
  { name: 'Nodegree', degrees: [], cgpa: 9, year: 2026, verified: true },
  { name: 'Nocgpa', degrees: ['BTECH-IT'], cgpa: null, year: 2026, verified: true },
  { name: 'Noyear', degrees: ['B.Tech EEE'], cgpa: 9, year: null, verified: false },
  { name: 'Mba', degrees: ['\u00a0MBA\u00a0'], cgpa: 8.25, year: 2025, verified: true },
  { name: 'Phd', degrees: ['Ph.D'], cgpa: 9, year: 2027, verified: true },
];

const c = (minCgpa: number | null, eligibleProgrammes: string[], eligibleYears: number[]): JobCriteria => ({
  minCgpa,
  eligibleDegrees: [],
  eligibleProgrammes,
  eligibleYears,
});

/** Criteria alone and combined, including ones that meet a student's value exactly. */
const criteria: JobCriteria[] = [
  c(null, [], []),
  c(7, [], []),
  c(8.25, [], []),
  c(null, ['degree:B.Tech'], []),
  c(null, ['programme:BTECH-CSE', 'programme:BTECH-ECE'], []),
  c(null, ['level:Postgraduate'], []),
  c(null, ['level:Doctorate', 'degree:B.E.'], []),
  c(null, ['programme:MBA'], []),
  c(null, ['degree:Nobody'], []),
  c(null, [], [2026]),
  c(null, [], [2025, 2027]),
  c(7, ['degree:B.Tech', 'level:Postgraduate'], [2026, 2027]),
  c(9, ['programme:MBA', 'programme:MSC-CS'], [2025, 2027]),
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
      for (const criterion of criteria) {
        const job: JobFacts = {
          ...criterion,
          status: 'Open',
          startDate: today,
          applicationDeadline: today,
          package: null,
          type: 'Full-time',
        };
        const rows = await t.db
          .select({ id: students.accountId })
          .from(students)
          .where(
            and(inArray(students.accountId, [...ids.values()]), eligibleStudentSql(criterion, settings)),
          );
        const bySql = table.filter((s) => rows.some((r) => r.id === ids.get(s.name))).map((s) => s.name);
        // A new job is announced to every student its criteria reach, an incomplete profile too
        // (the notice is how they learn to finish it); Apply then asks for the missing parts.
        const byRule = table
          .filter((s) => applyDecision(job, { ...contexts.get(s.name)!, missing: [], settings }) === null)
          .map((s) => s.name);
        expect(bySql, `${JSON.stringify(criterion)} ${JSON.stringify(settings)}`).toEqual(byRule);
        picked += bySql.length;
        left += table.length - bySql.length;
      }
    }
    // The table is not one-sided: both answers occur many times.
    expect(picked).toBeGreaterThan(20);
    expect(left).toBeGreaterThan(20);
  });
});
