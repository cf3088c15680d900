import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLEGE_COOKIE, collegeMessages } from '@portal/contracts/colleges';
import { accounts, companyColleges, students } from '../db/schema.ts';
import { createCollegesRepo } from '../modules/colleges/colleges.repo.ts';
import { createCollegesService } from '../modules/colleges/colleges.service.ts';
import { signupBody } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * A college's address, `/c/<slug>/…`: it keeps the college for the browser, and the sign-up that
 * follows lands in it; the sign-in pages read which college they are about.
 */
describe('/c/<slug>/ addresses', () => {
  let t: TestApp;
  let north: number;

  beforeAll(async () => {
    t = await createTestApp();
    north = (
      await createCollegesService({ collegesRepo: createCollegesRepo(t.db) }).create({
        slug: 'north',
        name: 'North College',
      })
    ).id;
  });
  afterAll(() => t?.close());

  const current = async (cookie?: string) =>
    (await t.app.inject({ url: '/api/colleges/current', headers: cookie ? { cookie } : {} })).json().message;

  it("keeps the college for the browser and opens the page; an unknown college's address says so", async () => {
    const opened = await t.app.inject({ url: '/c/north/signup/student' });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/signup/student');
    expect(String(opened.headers['set-cookie'])).toContain(`${COLLEGE_COOKIE}=north`);
    expect((await t.app.inject({ url: '/c/north' })).headers.location).toBe('/');
    // Never an address elsewhere.
    expect((await t.app.inject({ url: '/c/north//elsewhere.example/x' })).headers.location).toBe(
      '/elsewhere.example/x',
    );

    const unknown = await t.app.inject({ url: '/c/nowhere/login' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(collegeMessages.noSuchCollege);
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('tells the sign-in pages which college they are about', async () => {
    expect(await current()).toEqual({ slug: 'main', name: expect.any(String), several: true });
    expect(await current(`${COLLEGE_COOKIE}=north`)).toEqual({
      slug: 'north',
      name: 'North College',
      several: true,
    });
    // A cookie naming no college is the first college's.
    expect((await current(`${COLLEGE_COOKIE}=nowhere`)).slug).toBe('main');
  });

  it('signs a student, a staff member and a company up at the college of the address', async () => {
    const cookie = `${COLLEGE_COOKIE}=north`;
    const signup = (role: 'student' | 'college-staff' | 'company', email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${role}/signup`,
        headers: { cookie },
        payload: signupBody(role, { emailID: email }),
      });
    expect((await signup('student', 'north-student@example.com')).statusCode).toBe(201);
    expect((await signup('college-staff', 'north-staff@example.com')).statusCode).toBe(201);
    expect((await signup('company', 'north-company@example.com')).statusCode).toBe(201);

    const college = async (email: string) =>
      (
        await t.db
          .select({ id: accounts.id, college: accounts.collegeId })
          .from(accounts)
          .where(eq(accounts.email, email))
      )[0];
    const student = await college('north-student@example.com');
    expect(student?.college).toBe(north);
    expect((await college('north-staff@example.com'))?.college).toBe(north);
    const [record] = await t.db
      .select({ college: students.collegeId })
      .from(students)
      .where(eq(students.accountId, student!.id));
    expect(record?.college).toBe(north);
    const company = await college('north-company@example.com');
    expect(company?.college).toBeNull();
    const asked = await t.db
      .select({ college: companyColleges.collegeId, status: companyColleges.status })
      .from(companyColleges)
      .where(eq(companyColleges.companyId, company!.id));
    expect(asked).toEqual([{ college: north, status: 'Pending' }]);
  });
});
