import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth } from '@portal/contracts/messages';
import type { Database } from '../../db/client.ts';
import { accounts, companyColleges, sessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { changeElsewhere } from '../../test/elsewhere.ts';
import { world, type World } from '../../test/world.ts';

/*
 * The server's recent copy of sessions (session-cache.ts) turned on, as it is outside the test
 * suite: what a student, a placement officer and a company see when the account behind a session
 * changes, through this server or behind its back.
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

const get = (cookie: string, url = '/api/student/getUserData') =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const refusedAsSuspended = async (cookie: string) => {
  const response = await get(cookie);
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ message: auth.suspended });
};

const elsewhere = (change: (db: Database) => Promise<unknown>, options?: { quietly?: boolean }) =>
  changeElsewhere(t, change, options);

describe("the server's recent copy of sessions", () => {
  it("sees at once what a request here changed: the placement cell suspends, the student's next page is refused", async () => {
    const s = await w.student();
    const staff = await w.staff();
    expect((await get(s.cookie)).statusCode).toBe(200);
    // Without the database's news (which could come a moment late), so the refusal below is this
    // server's own doing: a request that may change something empties the copy before it answers.
    await t.db.execute(sql`alter table accounts disable trigger session_accounts_changed`);
    try {
      const bulk = await t.app.inject({
        method: 'POST',
        url: '/api/college-staff/students/bulk',
        headers: { cookie: staff.cookie },
        payload: { studentIds: [s.id], change: { action: 'status', status: 'Suspended' } },
      });
      expect(bulk.statusCode).toBe(200);
      await refusedAsSuspended(s.cookie);
    } finally {
      await t.db.execute(sql`alter table accounts enable trigger session_accounts_changed`);
    }
  });

  it("hears another process's change through the database: a suspension, a session ended", async () => {
    const s = await w.student();
    expect((await get(s.cookie)).statusCode).toBe(200);
    await elsewhere((db) => db.update(accounts).set({ status: 'Suspended' }).where(eq(accounts.id, s.id)));
    await vi.waitFor(() => refusedAsSuspended(s.cookie), { timeout: 2_000 });

    const other = await w.student();
    expect((await get(other.cookie)).statusCode).toBe(200);
    await elsewhere((db) => db.delete(sessions).where(eq(sessions.accountId, other.id)));
    await vi.waitFor(async () => expect((await get(other.cookie)).statusCode).toBe(401), { timeout: 2_000 });
  });

  it("hears a company's standing at a college change: its student list closes", async () => {
    const company = await w.company();
    await w.student();
    const students = () => get(company.cookie, '/api/company/students');
    expect((await students()).statusCode).toBe(200);
    const before = (await students()).json().message.total as number;
    expect(before).toBeGreaterThan(0);
    await elsewhere((db) =>
      db
        .update(companyColleges)
        .set({ status: 'Suspended' })
        .where(eq(companyColleges.companyId, company.id)),
    );
    await vi.waitFor(
      async () => {
        const response = await students();
        expect(response.statusCode === 200 ? response.json().message.total : 0).toBe(0);
      },
      { timeout: 2_000 },
    );
  });

  it('keeps what it read 10 s at most, should the news of a change not come', async () => {
    const s = await w.student();
    expect((await get(s.cookie)).statusCode).toBe(200);
    await elsewhere((db) => db.update(accounts).set({ status: 'Suspended' }).where(eq(accounts.id, s.id)), {
      quietly: true,
    });
    now = new Date(now.getTime() + 9_000);
    expect((await get(s.cookie)).statusCode).toBe(200);
    now = new Date(now.getTime() + 1_001);
    await refusedAsSuspended(s.cookie);
  });

  it('never decides a change on the copy: a suspended student cannot save, news or none', async () => {
    const s = await w.student();
    expect((await get(s.cookie)).statusCode).toBe(200);
    await elsewhere((db) => db.update(accounts).set({ status: 'Suspended' }).where(eq(accounts.id, s.id)), {
      quietly: true,
    });
    expect((await get(s.cookie)).statusCode).toBe(200); // a page, from the copy
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/student/updateProfileDetail',
      headers: { cookie: s.cookie },
      payload: { typ: 'personalDetail', value: {} },
    });
    expect(save.statusCode).toBe(403);
    expect(save.json()).toEqual({ message: auth.suspended });
    // The change read the session afresh, and the copy took what it read.
    await refusedAsSuspended(s.cookie);
  });
});
