import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinColleges } from '../../db/college-scope.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { accounts, collegeSettings, placementPolicies, programmes, students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world } from '../../test/world.ts';
import { createCollegesRepo } from './colleges.repo.ts';
import { createCollegesService } from './colleges.service.ts';

/**
 * Two colleges in one deployment: the first (every deployment has it) and "north", made as an
 * operator makes one. Each has a staff member and a student; the second college's people are made
 * inside its scope, as its requests run.
 */
describe('two colleges in one deployment', () => {
  let t: TestApp;
  let north: number;
  let staffA: Person;
  let studentA: Person;
  let staffB: Person;
  let studentB: Person;
  let company: Person;

  beforeAll(async () => {
    t = await createTestApp();
    const w = world(t);
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    north = (await colleges.create({ slug: 'north', name: 'North College' })).id;
    staffA = await w.staff();
    studentA = await w.student({ academics: true });
    company = await w.company();
    [staffB, studentB] = await withinColleges([north], async () => [
      await w.staff(),
      await w.student({ academics: true }),
    ]);
  });
  afterAll(() => t?.close());

  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('starts a new college as the first one started: its settings, default policy and catalogue', async () => {
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    await expect(colleges.create({ slug: 'north', name: 'Again' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Another college already has the slug "north".',
    });
    const [settings] = await t.db.select().from(collegeSettings).where(eq(collegeSettings.id, north));
    expect(settings?.placementCellName).toBe('North College');
    const policies = await t.db
      .select()
      .from(placementPolicies)
      .where(eq(placementPolicies.collegeId, north));
    expect(policies.map((p) => p.version)).toEqual([1]);
    const [first, second] = await Promise.all(
      [1, north].map(async (id) =>
        (await t.db.select({ code: programmes.code }).from(programmes).where(eq(programmes.collegeId, id)))
          .map((p) => p.code)
          .sort(),
      ),
    );
    expect(second).toEqual(first);
    expect(second!.length).toBeGreaterThan(0);
  });

  it("marks each account and student with its college, and a student's degree maps to its own college's programme", async () => {
    const rows = await t.db
      .select({
        id: accounts.id,
        college: accounts.collegeId,
        studentCollege: students.collegeId,
        programme: programmes.collegeId,
      })
      .from(accounts)
      .leftJoin(students, eq(students.accountId, accounts.id))
      .leftJoin(programmes, eq(programmes.id, students.programmeId));
    const of = (p: Person) => rows.find((r) => r.id === p.id);
    expect(of(staffA)).toMatchObject({ college: 1 });
    expect(of(studentA)).toMatchObject({ college: 1, studentCollege: 1, programme: 1 });
    expect(of(staffB)).toMatchObject({ college: north });
    expect(of(studentB)).toMatchObject({ college: north, studentCollege: north, programme: north });
  });

  it("shows each college's staff their own students only, and answers 404 for the other college's", async () => {
    const listed = async (staff: Person) => {
      const response = await get(staff.cookie, '/api/college-staff/students');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ message: { items: { _id: string }[] } }>().message.items.map((s) => s._id);
    };
    expect(await listed(staffA)).toEqual([studentA.id]);
    expect(await listed(staffB)).toEqual([studentB.id]);

    const across = await get(staffB.cookie, `/api/college-staff/getStudentDetails/${studentA.id}`);
    expect(across.statusCode).toBe(404);
    expect(across.body).not.toContain(studentA.email);
    const own = await get(staffB.cookie, `/api/college-staff/getStudentDetails/${studentB.id}`);
    expect(own.statusCode).toBe(200);
  });

  it("keeps each college's settings its own", async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/college-staff/settings',
      headers: { cookie: staffB.cookie },
      payload: { requireVerifiedAcademics: true, rollNumberFormat: '[A-Z0-9]+' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const read = async (staff: Person) =>
      (await get(staff.cookie, '/api/college-staff/settings')).json<{ message: unknown }>().message;
    expect(await read(staffB)).toMatchObject({ requireVerifiedAcademics: true });
    expect(await read(staffA)).toMatchObject({ requireVerifiedAcademics: false });
  });

  it('walls a query that forgets the college (as a bug would) to the request’s college, reading and writing', async () => {
    const everyone = await t.db.select({ id: students.accountId }).from(students);
    expect(everyone.map((s) => s.id).sort()).toEqual([studentA.id, studentB.id].sort());

    // The portal's own connection, in the scope a request of the second college runs in.
    await withinColleges([north], async () => {
      const seen = await t.db.select({ id: students.accountId }).from(students);
      expect(seen.map((s) => s.id)).toEqual([studentB.id]);
      // Accounts: the college's own and every company's (companies have none), no other college's.
      const accountsSeen = await t.db.select({ id: accounts.id, college: accounts.collegeId }).from(accounts);
      expect(accountsSeen.every((a) => a.college === north || a.college === null)).toBe(true);
      const seenIds = accountsSeen.map((a) => a.id);
      expect(seenIds).toEqual(expect.arrayContaining([staffB.id, studentB.id, company.id]));
      expect(seenIds).not.toContain(studentA.id);
      expect(seenIds).not.toContain(staffA.id);
      const raw = await t.db.execute(sql`select count(*)::int as n from students`);
      expect(rowsOf<{ n: number }>(raw)[0]?.n).toBe(1);
      const changed = await t.db
        .update(students)
        .set({ placementNote: 'changed across the wall' })
        .where(eq(students.accountId, studentA.id))
        .returning({ id: students.accountId });
      expect(changed).toEqual([]);
      // A row of the other college cannot be written in either.
      await expect(
        t.db.insert(placementPolicies).values({
          collegeId: 1,
          version: 99,
          maxAcceptedOffers: 1,
          tiers: [],
          higherTierAfterPlaced: true,
          internshipsCount: false,
          decisionDays: 7,
          createdByName: 'x',
        }),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    });
    const [a] = await t.db
      .select({ note: students.placementNote })
      .from(students)
      .where(eq(students.accountId, studentA.id));
    expect(a?.note).toBe('');
  });
});
