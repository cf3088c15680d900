import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StudentRecord } from '@portal/contracts/students';
import type { Database } from '../../db/client.ts';
import { insertStudents } from '../../test/bulk-students.ts';
import { accounts, internships, notifications } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { changeElsewhere } from '../../test/elsewhere.ts';
import { world, type World } from '../../test/world.ts';

/*
 * The server's recent copy of the students' own records (own-record-copy.ts) turned on, as it is
 * outside the test suite: what a student sees on their next page when their record changes, through
 * this server or behind its back.
 */

let t: TestApp;
let w: World;
/** The app's clock, which the tests move on (the copy keeps an entry 10 s at most). */
let now = new Date('2026-11-27T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: 10_000 }, { now: () => now });
  w = world(t);
});
afterAll(() => t.close());

const record = async (cookie: string): Promise<StudentRecord> => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/student/getUserData',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().message as StudentRecord;
};
const titles = async (cookie: string) => (await record(cookie)).notifications.map((n) => n.title);

const elsewhere = (change: (db: Database) => Promise<unknown>, options?: { quietly?: boolean }) =>
  changeElsewhere(t, change, options);

const notify = (accountId: string, title: string) => (db: Database) =>
  db.insert(notifications).values({ accountId, sender: 'Placement cell', title, body: 'Read me' });

describe("the server's recent copy of the students' own records", () => {
  it('shows a change made through this server on the next page at once, without waiting for the news', async () => {
    const s = await w.student();
    await elsewhere(notify(s.id, 'Shortlisted at Infosys'));
    await vi.waitFor(async () => expect((await record(s.cookie)).notifications).toHaveLength(1), {
      timeout: 2_000,
    });
    expect((await record(s.cookie)).notifications[0]!.read).toBe(false);
    // The database's news held back, so what the next page shows is this server's own doing: a
    // request that may change something empties the copy before it answers.
    await t.db.execute(sql`alter table notifications disable trigger notifications_records_upd`);
    try {
      const marked = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: { cookie: s.cookie },
      });
      expect(marked.statusCode).toBe(200);
      expect((await record(s.cookie)).notifications[0]!.read).toBe(true);
    } finally {
      await t.db.execute(sql`alter table notifications enable trigger notifications_records_upd`);
    }
  });

  it('answers a save with the record as saved, and shows it on the next page', async () => {
    const s = await w.student();
    const first = await record(s.cookie);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/student/updateProfileDetail',
      headers: { cookie: s.cookie },
      payload: {
        typ: 'personalDetail',
        value: {
          firstName: 'Renamed',
          lastName: first.personalDetail.lastName,
          fathersName: 'A Father',
          mothersName: 'A Mother',
          phone: '9123456780',
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const expected = { firstName: 'Renamed', fathersName: 'A Father' };
    expect((saved.json().message as StudentRecord).personalDetail).toMatchObject(expected);
    expect((await record(s.cookie)).personalDetail).toMatchObject(expected);
  });

  it("hears another process's change through the database: a notification, an internship, the account", async () => {
    const s = await w.student();
    expect(await titles(s.cookie)).toEqual([]);
    await elsewhere(notify(s.id, 'Shortlisted at Infosys'));
    await vi.waitFor(async () => expect(await titles(s.cookie)).toEqual(['Shortlisted at Infosys']), {
      timeout: 2_000,
    });

    await elsewhere((db) =>
      db.insert(internships).values({
        studentId: s.id,
        company: 'Wipro',
        role: 'Intern',
        duration: '2 months',
        description: 'Built a dashboard',
      }),
    );
    await vi.waitFor(
      async () =>
        expect((await record(s.cookie)).pastInternshipsProjects.internships.map((i) => i.company)).toEqual([
          'Wipro',
        ]),
      { timeout: 2_000 },
    );

    await elsewhere((db) => db.update(accounts).set({ phone: '9000000001' }).where(eq(accounts.id, s.id)));
    await vi.waitFor(async () => expect((await record(s.cookie)).personalDetail.phone).toBe('9000000001'), {
      timeout: 2_000,
    });
  });

  it('hears an announcement to a whole batch (more than 100 students in one statement)', async () => {
    const s = await w.student();
    expect(await titles(s.cookie)).toEqual([]);
    await insertStudents(t.db, 120, 'Batchmate');
    await elsewhere((db) =>
      db.execute(sql`
        insert into notifications (account_id, sender, title, body)
        select id, 'Placement cell', 'Drive on Monday', 'Bring your ID card'
        from accounts where first_name = 'Batchmate' or id = ${s.id}`),
    );
    await vi.waitFor(async () => expect(await titles(s.cookie)).toEqual(['Drive on Monday']), {
      timeout: 2_000,
    });
  });

  it('keeps what it read 10 s at most, should the news of a change not come', async () => {
    const s = await w.student();
    expect(await titles(s.cookie)).toEqual([]);
    await elsewhere(notify(s.id, 'Offer from TCS'), { quietly: true });
    now = new Date(now.getTime() + 9_000);
    expect(await titles(s.cookie)).toEqual([]);
    now = new Date(now.getTime() + 1_001);
    expect(await titles(s.cookie)).toEqual(['Offer from TCS']);
  });
});
