import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_COUNT_CAP, type StudentPage } from '@portal/contracts/staff';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { world, type World } from '../test/world.ts';
import { rowsOf } from './raw-rows.ts';
import { loadSampleData, SAMPLE_PASSWORD } from './sample-data.ts';
import { accounts, applications, companies, internships, jobs, projects, students } from './schema.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  await loadSampleData(t.db, { students: 1200, companies: 10, jobsPerCompany: 3 });
}, 120_000);
afterAll(() => t.close());

describe('sample data', () => {
  it('loads students with entries, companies, jobs and applications, and adds nothing when run again', async () => {
    const counts = async () => ({
      students: await t.db.$count(students),
      companies: await t.db.$count(companies),
      jobs: await t.db.$count(jobs),
      applications: await t.db.$count(applications),
      internships: await t.db.$count(internships),
      projects: await t.db.$count(projects),
    });
    const first = await counts();
    expect(first).toMatchObject({ students: 1200, companies: 10, jobs: 30, applications: 2400 });
    expect(first.internships).toBeGreaterThan(1000);
    expect(first.projects).toBeGreaterThan(1500);
    await loadSampleData(t.db, { students: 1200, companies: 10, jobsPerCompany: 3 });
    expect(await counts()).toEqual(first);
    expect(await t.db.$count(accounts)).toBe(1210);
    // Sample companies are approved, so their jobs are listed and they see the students.
    expect(await t.db.$count(accounts, eq(accounts.role, 'company'))).toBe(10);
    expect(
      await t.db.$count(accounts, and(eq(accounts.role, 'company'), ne(accounts.status, 'Allowed'))),
    ).toBe(0);
  });

  it('leaves the tables vacuumed, every page of the students marked all-visible for index-only scans', async () => {
    const rows = rowsOf<{ relallvisible: number; relpages: number }>(
      await t.db.execute(sql`select relallvisible, relpages from pg_class where relname = 'students'`),
    );
    expect(rows[0]!.relpages).toBeGreaterThan(0);
    expect(rows[0]!.relallvisible).toBe(rows[0]!.relpages);
  });

  it('signs sample students in with the sample password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: 'student7@sample.edu', password: SAMPLE_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('counts a broad search up to the cap and says there are more', async () => {
    const staff = await w.staff();
    const response = await t.app.inject({
      url: '/api/college-staff/students',
      headers: { cookie: staff.cookie },
    });
    const page = response.json().message as StudentPage;
    expect(page).toMatchObject({ total: STUDENT_COUNT_CAP, totalCapped: true });
    expect(page.items).toHaveLength(20);
    const names = page.items.map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const narrow = (
      await t.app.inject({
        url: '/api/college-staff/students?search=kavya%20sh',
        headers: { cookie: staff.cookie },
      })
    ).json().message as StudentPage;
    expect(narrow.totalCapped).toBe(false);
    expect(narrow.total).toBeGreaterThan(0);
    expect(narrow.items.every((s) => s.name.startsWith('Kavya Sh'))).toBe(true);
  });
});
