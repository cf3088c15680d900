import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLEGE_COOKIE, collegeMessages } from '@portal/contracts/colleges';
import { accounts, companyColleges, students } from '../db/schema.ts';
import { createCollegesRepo } from '../modules/colleges/colleges.repo.ts';
import { createCollegesService, type CollegesService } from '../modules/colleges/colleges.service.ts';
import type { Database } from '../db/client.ts';
import { PASSWORD, signupBody } from '../test/accounts.ts';
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
    // An email's link keeps its query (a reset token) through the address.
    expect(
      (await t.app.inject({ url: '/c/north/reset-password?token=abc%2Fdef&x=1' })).headers.location,
    ).toBe('/reset-password?token=abc%2Fdef&x=1');
    expect((await t.app.inject({ url: '/c/north?from=mail' })).headers.location).toBe('/?from=mail');
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

/**
 * A college's host name (`npm run college -- host <slug> <host>`): a request sent to it is about
 * that college as a `/c/<slug>/` address makes it, and the account's own college still decides.
 */
describe('a college reached at its own host name', () => {
  let t: TestApp;
  let north: number;
  const colleges = () => createCollegesService({ collegesRepo: createCollegesRepo(t.db) });

  beforeAll(async () => {
    t = await createTestApp();
    north = (await colleges().create({ slug: 'north', name: 'North College', host: 'placements.north.edu' }))
      .id;
  });
  afterAll(() => t?.close());

  const current = async (host: string, cookie?: string) =>
    (
      await t.app.inject({
        url: '/api/colleges/current',
        headers: { host, ...(cookie ? { cookie } : {}) },
      })
    ).json().message.slug;

  it('reads the Host header lower-cased and without its port; another host is the first college', async () => {
    expect(await current('placements.north.edu')).toBe('north');
    expect(await current('Placements.North.EDU:8443')).toBe('north');
    expect(await current('localhost:3000')).toBe('main');
    // Exactly the host name: not a name it ends with, nor one it starts.
    expect(await current('www.placements.north.edu')).toBe('main');
    expect(await current('placements.north.edu.evil.example')).toBe('main');
    // A /c/<slug>/ address chosen on that host names its college.
    expect(await current('placements.north.edu', `${COLLEGE_COOKIE}=main`)).toBe('main');
  });

  it('signs a student up at the college of the host; once signed in, the account’s college decides', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/student/signup',
      headers: { host: 'placements.north.edu' },
      payload: signupBody('student', { emailID: 'host-student@example.com' }),
    });
    expect(signup.statusCode).toBe(201);
    const [account] = await t.db
      .select({ college: accounts.collegeId })
      .from(accounts)
      .where(eq(accounts.email, 'host-student@example.com'));
    expect(account?.college).toBe(north);

    const main = await t.app.inject({
      method: 'POST',
      url: '/api/student/signup',
      headers: { host: 'localhost' },
      payload: signupBody('student', { emailID: 'main-student@example.com' }),
    });
    expect(main.statusCode).toBe(201);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      headers: { host: 'localhost' },
      payload: { emailID: 'main-student@example.com', password: PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    const cookie = String(signin.headers['set-cookie']).split(';')[0]!;
    expect(await current('placements.north.edu', cookie)).toBe('main');
  });

  it('gives a college a host name, refuses one another college has, and clears it', async () => {
    const service = colleges();
    await service.create({ slug: 'east', name: 'East College' });
    await expect(service.setHost('east', 'placements.north.edu')).rejects.toMatchObject({
      statusCode: 409,
      message: collegeMessages.hostTaken('placements.north.edu'),
    });
    await expect(
      service.create({ slug: 'west', name: 'West College', host: 'placements.north.edu' }),
    ).rejects.toMatchObject({ statusCode: 409, message: collegeMessages.hostTaken('placements.north.edu') });
    await expect(service.setHost('nowhere', 'east.example')).rejects.toMatchObject({
      statusCode: 404,
      message: collegeMessages.noSuchCollege,
    });
    expect((await service.setHost('east', 'placements.east.edu')).host).toBe('placements.east.edu');
    expect((await service.setHost('east', null)).host).toBeNull();
  });
});

/**
 * A college changed by another process (`npm run college`, another server): every server's copy
 * of the colleges is dropped on the table's NOTIFY, so the change addresses the college on the
 * very next request instead of up to a minute later.
 */
describe('a college changed by another process', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const current = async (host: string) =>
    (await t.app.inject({ url: '/api/colleges/current', headers: { host } })).json().message;

  /**
   * Runs `change` on a connection of its own (on the embedded database, its one connection), as
   * the command does, and resolves once the server's LISTEN has had the notice: the test's own
   * listener is called after the app's, on the same listening connection.
   */
  async function elsewhere(change: (other: { colleges: CollegesService; db: Database }) => Promise<unknown>) {
    let told!: () => void;
    const notice = new Promise<void>((resolve) => (told = resolve));
    const unlisten = await t.listen('colleges_changed', () => told());
    const other = await t.dedicated();
    try {
      await change({
        colleges: createCollegesService({ collegesRepo: createCollegesRepo(other.db) }),
        db: other.db,
      });
      await notice;
    } finally {
      await other.close();
      await unlisten();
    }
  }

  it('addresses a college added, given a host name or a new slug on the very next request', async () => {
    // The server reads its copy: one college, no host names.
    expect(await current('placements.south.edu')).toEqual({
      slug: 'main',
      name: expect.any(String),
      several: false,
    });

    await elsewhere((other) => other.colleges.create({ slug: 'south', name: 'South College' }));
    expect((await current('localhost')).several).toBe(true);

    await elsewhere((other) => other.colleges.setHost('south', 'placements.south.edu'));
    expect(await current('placements.south.edu')).toEqual({
      slug: 'south',
      name: 'South College',
      several: true,
    });

    // A slug changed by hand: the old address is gone at once.
    expect((await t.app.inject({ url: '/c/south/login' })).statusCode).toBe(302);
    await elsewhere(({ db }) =>
      db.execute(sql`update colleges set slug = 'south-campus' where slug = 'south'`),
    );
    expect((await t.app.inject({ url: '/c/south/login' })).statusCode).toBe(404);
    expect((await current('placements.south.edu')).slug).toBe('south-campus');

    await elsewhere((other) => other.colleges.setHost('south-campus', null));
    expect((await current('placements.south.edu')).slug).toBe('main');
  });
});
