import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, jobAnnouncements, jobs, notifications, students } from '../../db/schema.ts';
import { insertStudents } from '../../test/bulk-students.ts';
import { createClock } from '../../lib/clock.ts';
import { createWorker } from '../../lib/worker.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';
import { createNotificationsRepo } from '../notifications/notifications.repo.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import type { NewAnnouncement } from './announce.ts';
import { createAnnouncementsRepo } from './announcements.repo.ts';
import { createAnnouncer } from './announcer.ts';

let t: TestApp;
let w: World;
let companyId: string;
const quiet = { info: () => {}, error: () => {} };
/**
 * This file's announcer lives a day ahead, and its announcements fall due an hour from now: the
 * app's own announcements worker (started with the test app, running every 30 s and on wakes) finds
 * none of them due, so only the process under test delivers them (a busy CI run had the app's
 * worker take one first).
 */
const AHEAD_MS = 24 * 60 * 60 * 1000;
const later = (ms = 0) => new Date(Date.now() + AHEAD_MS + ms);
const clock = createClock('UTC', () => later());

/** The announcements worker as workers.ts builds it (a process's announcer). */
const announcer = (batchSize?: number) =>
  createWorker({
    name: 'announcements',
    everyMs: 30_000,
    runOnce: (signal) =>
      createAnnouncer({
        announcementsRepo: createAnnouncementsRepo(t.db),
        log: quiet,
        clock,
        ...(batchSize && { batchSize }),
      }).deliverNext(signal),
    log: quiet,
  });

beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  companyId = (await w.company({ company: 'Batch Co' })).id;
});
afterAll(() => t.close());

async function announcement(fields: Partial<NewAnnouncement> = {}) {
  const [job] = await t.db
    .insert(jobs)
    .values({
      companyId,
      role: 'Batch role',
      description: 'd',
      qualifications: [],
      startDate: '2020-01-01',
      applicationDeadline: '2099-12-31',
    })
    .returning({ id: jobs.id });
  const title = `New job: ${randomUUID()}`;
  await t.db.insert(jobAnnouncements).values([
    {
      nextAttemptAt: new Date(Date.now() + 60 * 60 * 1000),
      jobId: job!.id,
      sender: 'Batch Co',
      title,
      body: 'Batch Co is hiring.',
      verifiedOnly: false,
      minCgpa: null,
      degrees: [],
      programmes: [],
      years: [],
      colleges: [1],
      ...fields,
    },
  ]);
  const [row] = await t.db.select().from(jobAnnouncements).where(eq(jobAnnouncements.title, title));
  return row!;
}

/** How many notifications with this title each student got, for students named `firstName`. */
async function received(title: string, firstName: string) {
  const rows = await t.db
    .select({ n: count(notifications.id) })
    .from(accounts)
    .leftJoin(notifications, and(eq(notifications.accountId, accounts.id), eq(notifications.title, title)))
    .where(eq(accounts.firstName, firstName))
    .groupBy(accounts.id);
  return rows.map((r) => r.n);
}

describe('new-job announcements', () => {
  it('delivers in batches of students by id, each eligible student once, and marks the announcement done', async () => {
    await insertStudents(t.db, 23, 'Batchy');
    const a = await announcement();
    await announcer(5).drain();
    expect(await received(a.title, 'Batchy')).toEqual(Array(23).fill(1));
    const [done] = await t.db.select().from(jobAnnouncements).where(eq(jobAnnouncements.id, a.id));
    expect(done!.doneAt).not.toBeNull();
    expect(done!.delivered).toBeGreaterThanOrEqual(23);
    expect(done!.leaseToken).toBeNull();
  });

  it('survives a process that died mid-way: the lease runs out, another goes on from where it got, and nobody hears twice', async () => {
    await insertStudents(t.db, 12, 'Crashy');
    const a = await announcement();
    const repo = createAnnouncementsRepo(t.db);
    const lease = later(60_000);
    const dead = randomUUID();
    expect(await repo.claim(later(), lease, dead)).toEqual({ id: a.id });
    expect(await repo.deliverBatch(a.id, dead, 4, lease, later())).toBe('more');

    // While the lease holds, another process leaves it alone.
    const other = announcer(4);
    await other.drain();
    expect(
      (await t.db.select().from(jobAnnouncements).where(eq(jobAnnouncements.id, a.id)))[0]!.doneAt,
    ).toBeNull();

    // The first process is gone: its lease runs out, the other takes over and finishes.
    await t.db
      .update(jobAnnouncements)
      .set({ nextAttemptAt: later(-1000) })
      .where(eq(jobAnnouncements.id, a.id));
    await other.drain();
    expect(await repo.deliverBatch(a.id, dead, 4, lease, later())).toBe('lost');
    const all = await t.db.select({ id: students.accountId }).from(students);
    const counts = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.title, a.title),
          inArray(
            notifications.accountId,
            all.map((s) => s.id),
          ),
        ),
      )
      .groupBy(notifications.accountId);
    expect(counts.every((c) => c.n === 1)).toBe(true);
    expect(await received(a.title, 'Crashy')).toEqual(Array(12).fill(1));
  });

  it('reaches only the students whose programme the criteria name, with quotes and braces bound as values', async () => {
    const ids: Record<string, string> = {};
    for (const [name, degrees, year, cgpa] of [
      ['Fits', ['B.Tech CSE'], 2026, 8],
      ['Science', ['M.Sc Computer Science'], 2026, 8],
      ['Low', ['B.Tech CSE'], 2026, 6],
      ['Wrongyear', ['B.Tech CSE'], 2030, 9],
      ['Other', ['B.Tech ECE'], 2026, 9],
      ['Odd', ["B.Tech's {AI}"], 2026, 9],
    ] as const) {
      const s = await w.student({
        firstName: name,
        lastName: 'Odd',
        academics: { degrees: [...degrees], cgpa, yearOfPassing: year },
      });
      ids[name] = s.id;
    }
    const a = await announcement({
      minCgpa: 7,
      programmes: ['programme:BTECH-CSE', 'degree:M.Sc', "degree:B.Tech's {AI}", 'degree:M,Sc "Hons"'],
      years: [2025, 2026],
    });
    await announcer().drain();
    // The app's own announcements worker may have taken it first (a busy run): wait for it too.
    await t.app.workers.drain('announcements');
    const heard = await t.db
      .select({ id: notifications.accountId })
      .from(notifications)
      .where(eq(notifications.title, a.title));
    const names = Object.entries(ids)
      .filter(([, id]) => heard.some((h) => h.id === id))
      .map(([name]) => name)
      .sort();
    expect(names).toEqual(['Fits', 'Science']);
  });
});

describe('old notifications', () => {
  it('are deleted after 90 days; younger ones stay', async () => {
    const me = await w.student({ firstName: 'Oldnews' });
    const day = 86_400_000;
    await t.db.insert(notifications).values([
      {
        accountId: me.id,
        sender: 'x',
        title: 'Ninety-one days',
        body: '',
        createdAt: new Date(Date.now() - 91 * day),
      },
      {
        accountId: me.id,
        sender: 'x',
        title: 'Eighty-nine days',
        body: '',
        createdAt: new Date(Date.now() - 89 * day),
      },
    ]);
    const service = createNotificationsService({
      notificationsRepo: createNotificationsRepo(t.db),
      clock: createClock('UTC'),
    });
    expect(await service.pruneOld()).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.accountId, me.id));
    expect(left.map((n) => n.title)).toEqual(['Eighty-nine days']);
    const older = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(lt(notifications.createdAt, sql`now() - interval '90 days'`));
    expect(older[0]!.n).toBe(0);
  });
});
