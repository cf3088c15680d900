import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, notFound, paging } from '@portal/contracts/messages';
import type { RecordViewPage } from '@portal/contracts/record-views';
import { accounts, recordViews } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let staff: Person;
let acme: Company;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff({ firstName: 'Nisha', lastName: 'Rao' });
  acme = await w.company({ company: 'Acme Corp' });
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

const addStudent = () => w.student();

const openAsCompany = (id: string) => get(acme.cookie, `/api/company/getStudentDetails/${id}`);
const openAsStaff = (id: string) => get(staff.cookie, `/api/college-staff/getStudentDetails/${id}`);

async function ownViews(cookie: string, query = ''): Promise<RecordViewPage> {
  const response = await get(cookie, `/api/student/recordViews${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ message: RecordViewPage }>().message;
}

/** Moves every recorded view of the student `minutes` into the past. */
const backdate = (studentId: string, minutes: number) =>
  t.db
    .update(recordViews)
    .set({ createdAt: sql`${recordViews.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(recordViews.studentId, studentId));

describe('who looked at a student’s record', () => {
  it('logs a company and staff opening the record, once per viewer within 10 minutes, newest first', async () => {
    const s = await addStudent();
    expect((await openAsCompany(s.id)).statusCode).toBe(200);
    expect((await openAsCompany(s.id)).statusCode).toBe(200);
    await backdate(s.id, 1);
    expect((await openAsStaff(s.id)).statusCode).toBe(200);
    expect((await openAsStaff(s.id)).statusCode).toBe(200);

    const page = await ownViews(s.cookie);
    expect(page.total).toBe(2);
    expect(page.items.map(({ viewer, what }) => [viewer, what])).toEqual([
      ['Placement cell (Nisha Rao)', 'record'],
      ['Acme Corp', 'record'],
    ]);
    expect(new Date(page.items[0]!.at).getTime()).toBeGreaterThan(new Date(page.items[1]!.at).getTime());
    expect(Date.now() - new Date(page.items[0]!.at).getTime()).toBeLessThan(60_000);
  });

  it("logs a company opening an applicant's page, which shows the full record", async () => {
    const s = await addStudent();
    const applicationId = await w.apply(s, await w.job(acme, { role: 'Analyst' }));
    expect((await get(acme.cookie, `/api/company/applicantDetails/${applicationId}`)).statusCode).toBe(200);

    const page = await ownViews(s.cookie);
    expect(page.items.map(({ viewer, what }) => [viewer, what])).toEqual([['Acme Corp', 'record']]);
  });

  it('counts a view again once 10 minutes have passed', async () => {
    const s = await addStudent();
    await openAsCompany(s.id);
    await backdate(s.id, 9);
    await openAsCompany(s.id);
    expect((await ownViews(s.cookie)).total).toBe(1);

    await backdate(s.id, 2);
    await openAsCompany(s.id);
    const page = await ownViews(s.cookie);
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.viewer)).toEqual(['Acme Corp', 'Acme Corp']);
  });

  it('logs nothing for a record that was not served', async () => {
    const s = await addStudent();
    await t.db.update(accounts).set({ status: 'Debarred' }).where(eq(accounts.id, s.id));
    expect((await openAsCompany(s.id)).statusCode).toBe(404);
    await t.db.update(accounts).set({ status: 'Allowed' }).where(eq(accounts.id, s.id));
    expect((await ownViews(s.cookie)).total).toBe(0);
  });

  it('still serves the record when the view cannot be recorded', async () => {
    const s = await addStudent();
    await t.db.execute(sql`alter table record_views rename to record_views_away`);
    try {
      const response = await openAsCompany(s.id);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ message: { _id: string } }>().message._id).toBe(s.id);
      expect((await openAsStaff(s.id)).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`alter table record_views_away rename to record_views`);
    }
  });
});

describe('reading the views', () => {
  it('pages the list, newest first, with the total', async () => {
    const s = await addStudent();
    await openAsCompany(s.id);
    await backdate(s.id, 1);
    await openAsStaff(s.id);

    const second = await ownViews(s.cookie, '?page=2&pageSize=1');
    expect(second).toEqual({ items: [expect.objectContaining({ viewer: 'Acme Corp' })], total: 2 });
    const bad = await get(s.cookie, '/api/student/recordViews?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: paging.page });
  });

  it('shows staff the same list on the record page, and 404 for an unknown student', async () => {
    const s = await addStudent();
    await openAsCompany(s.id);
    const own = await ownViews(s.cookie);

    const response = await get(staff.cookie, `/api/college-staff/students/${s.id}/recordViews`);
    expect(response.statusCode).toBe(200);
    // Staff opening the list is not itself a look at the record.
    expect(response.json()).toEqual({ message: own });

    const unknown = await get(
      staff.cookie,
      '/api/college-staff/students/00000000-0000-4000-8000-000000000000/recordViews',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: notFound.student });
  });

  it('shows a student their own views only, and companies none', async () => {
    const s = await addStudent();
    await openAsCompany(s.id);
    const other = await addStudent();
    expect(await ownViews(other.cookie)).toEqual({ items: [], total: 0 });

    for (const url of ['/api/student/recordViews', `/api/college-staff/students/${s.id}/recordViews`]) {
      const refused = await get(acme.cookie, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: auth.wrongRole });
    }
    const byStudent = await get(other.cookie, `/api/college-staff/students/${s.id}/recordViews`);
    expect(byStudent.statusCode).toBe(403);
  });
});
