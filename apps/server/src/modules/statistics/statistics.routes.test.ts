import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferState } from '@portal/contracts/offers';
import { defaultPlacementPolicy } from '@portal/contracts/placement-policy';
import type { PlacementStatistics } from '@portal/contracts/staff';
import { eq, sql } from 'drizzle-orm';
import { students } from '../../db/schema.ts';
import { acceptedOffer } from '../../test/placement.ts';
import { createStatisticsRepo, foldCollegeChanges } from './statistics.repo.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world } from '../../test/world.ts';
import { staffRecords, statisticsMessages } from '@portal/contracts/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/college-staff/statistics', () => {
  it('counts placed students, packages, programmes by degree and branch, years and application stages', async () => {
    const w = world(t);
    const staff = await w.staff();
    const company = await w.company();
    const job = await w.job(company, {
      role: 'SDE',
      description: 'D',
      qualifications: ['Q'],
      startDate: '2020-01-01',
      applicationDeadline: '2099-01-01',
    });

    const packages = [10, 4, 6];
    const people = [
      // Three ways of writing one programme are one row; the branch is the programme's own.
      { degree: 'B.Tech CSE', year: 2026, pkg: packages[0] },
      { degree: 'B.Tech Computer Science and Engineering', year: 2026, pkg: packages[1] },
      { degree: 'MCA', year: 2025, pkg: packages[2] },
      { degree: 'MCA', year: 2025, pkg: null },
      { degree: 'BTECH-CSE', year: 2026, pkg: null },
      { degree: 'B.Arch', year: 2026, pkg: null },
    ];
    for (const person of people) {
      const s = await w.student({
        academics: { degrees: [person.degree], yearOfPassing: person.year },
      });
      await w.apply(s, job);
      if (person.pkg === null) continue;
      expect(await w.placed(s, 'Acme', person.pkg ?? null, staff)).toBe(staffRecords.saved);
    }

    const response = await t.app.inject({
      url: '/api/college-staff/statistics',
      headers: { cookie: staff.cookie },
    });
    expect(response.statusCode).toBe(200);
    const stats = response.json().message as PlacementStatistics;
    expect(stats).toMatchObject({
      totalStudents: 6,
      placedStudents: 3,
      placementRate: 0.5,
      highestPackage: 10,
      medianPackage: 6,
      averagePackage: 6.67,
      byDegree: [
        { degree: 'B.Tech', branch: 'Computer Science and Engineering', total: 3, placed: 2 },
        { degree: 'MCA', branch: '', total: 2, placed: 1 },
        { degree: statisticsMessages.noProgramme, branch: '', total: 1, placed: 0 },
      ],
      byYear: [
        { year: 2025, total: 2, placed: 1 },
        { year: 2026, total: 4, placed: 2 },
      ],
    });
    expect(stats.applicationsByStage.find((s) => s.stage === 'Form Submitted')?.count).toBe(6);
    expect(stats.applicationsByStage.find((s) => s.stage === 'Offer Letter')?.count).toBe(0);
  });

  it('answers with zeros and no packages on an empty college', async () => {
    const fresh = await createTestApp();
    try {
      const staff = await world(fresh).staff();
      const stats = (
        await fresh.app.inject({ url: '/api/college-staff/statistics', headers: { cookie: staff.cookie } })
      ).json().message as PlacementStatistics;
      expect(stats).toMatchObject({
        totalStudents: 0,
        placedStudents: 0,
        placementRate: 0,
        highestPackage: null,
        medianPackage: null,
        offers: { made: 0, accepted: 0, declined: 0, lapsed: 0 },
        noShows: { marked: 0, waived: 0 },
        placedByTier: [{ tier: 'Regular', placed: 0 }],
      });
    } finally {
      await fresh.close();
    }
  });

  it('counts accepted offers as placements, offers by state and placed students per tier', async () => {
    const fresh = await createTestApp();
    try {
      const w = world(fresh);
      const staff = await w.staff();
      const company = await w.company();
      await w.policy(
        {
          ...defaultPlacementPolicy,
          tiers: [
            { name: 'Regular', minPackage: 0 },
            { name: 'Dream', minPackage: 10 },
            { name: 'Super Dream', minPackage: 20 },
          ],
        },
        staff,
      );
      const jobs = await Promise.all(
        [1, 2, 3].map((n) => w.job(company, { role: `Job ${n}`, status: 'Closed' })),
      );
      const student = async (offers: [number, OfferState][]) => {
        const { id } = await w.student();
        for (const [i, [pkg, state]] of offers.entries()) {
          await acceptedOffer(fresh.db, id, jobs[i]!._id, pkg, state);
        }
        return id;
      };
      await student([
        [12, 'Accepted'],
        [30, 'Declined'],
      ]);
      await student([
        [5, 'Accepted'],
        [25, 'Accepted'],
      ]);
      const byHand = await student([]);
      await fresh.db
        .update(students)
        .set({ isPlaced: true, placedCompany: 'Elsewhere', packageOffered: 8 })
        .where(eq(students.accountId, byHand));
      await student([[9, 'Lapsed']]);
      await student([
        [11, 'Offered'],
        [7, 'Withdrawn'],
      ]);
      await student([]);

      const stats = (
        await fresh.app.inject({ url: '/api/college-staff/statistics', headers: { cookie: staff.cookie } })
      ).json().message as PlacementStatistics;
      expect(stats).toMatchObject({
        totalStudents: 6,
        placedStudents: 3,
        placementRate: 0.5,
        highestPackage: 25,
        medianPackage: 12,
        averagePackage: 15,
        offers: { made: 7, accepted: 3, declined: 1, lapsed: 1 },
        noShows: { marked: 0, waived: 0 },
        placedByTier: [
          { tier: 'Regular', placed: 1 },
          { tier: 'Dream', placed: 1 },
          { tier: 'Super Dream', placed: 1 },
        ],
      });
    } finally {
      await fresh.close();
    }
  });

  it('gives staff asking at the same moment one answer each, counting a change made before they asked', async () => {
    const fresh = await createTestApp();
    try {
      const w = world(fresh);
      const staff = await w.staff();
      const ask = async () =>
        (
          await fresh.app.inject({ url: '/api/college-staff/statistics', headers: { cookie: staff.cookie } })
        ).json().message as PlacementStatistics;
      const { id } = await w.student();

      const before = ask();
      const alongside = [ask(), ask(), ask()];
      // Marked placed while those are read; the next one asks once it is saved.
      await fresh.db
        .update(students)
        .set({ isPlaced: true, packageOffered: 9 })
        .where(eq(students.accountId, id));
      const after = await ask();

      for (const stats of await Promise.all([before, ...alongside])) {
        expect(stats.totalStudents).toBe(1);
        expect([0, 1]).toContain(stats.placedStudents);
      }
      expect(after).toMatchObject({ totalStudents: 1, placedStudents: 1, highestPackage: 9 });
    } finally {
      await fresh.close();
    }
  });
});

describe('the figures kept until what they read changes', () => {
  const statistics = async (app: TestApp, cookie: string) => {
    const response = await app.app.inject({ url: '/api/college-staff/statistics', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json().message as PlacementStatistics;
  };

  it('reads afresh after a change another server process writes straight into the database', async () => {
    const fresh = await createTestApp();
    try {
      const w = world(fresh);
      const staff = await w.staff();
      const company = await w.company();
      const job = await w.job(company);
      const s = await w.student({ academics: { degrees: ['MCA'], yearOfPassing: 2026 } });
      await w.apply(s, job);
      const before = await statistics(fresh, staff.cookie);
      expect(before).toMatchObject({ totalStudents: 1, placedStudents: 0, highestPackage: null });
      expect(await statistics(fresh, staff.cookie)).toEqual(before);

      // As another instance would: not through this process's services.
      await fresh.db.execute(
        sql`update students set is_placed = true, package_offered = 14 where account_id = ${s.id}`,
      );
      expect(await statistics(fresh, staff.cookie)).toMatchObject({ placedStudents: 1, highestPackage: 14 });

      await fresh.db.execute(
        sql`update applications set stage = 'Technical Interview' where student_id = ${s.id}`,
      );
      const moved = await statistics(fresh, staff.cookie);
      expect(moved.applicationsByStage.find((x) => x.stage === 'Technical Interview')?.count).toBe(1);

      // The degrees as written give the programme (a trigger before the update): the figures follow.
      await fresh.db.execute(
        sql`update students set degrees = array['B.Tech CSE'] where account_id = ${s.id}`,
      );
      expect((await statistics(fresh, staff.cookie)).byDegree).toEqual([
        { degree: 'B.Tech', branch: 'Computer Science and Engineering', total: 1, placed: 1 },
      ]);
      await fresh.db.execute(sql`update students set degrees = array['MCA'] where account_id = ${s.id}`);
      await fresh.db.execute(
        sql`update programmes set degree = 'Master of Computer Applications' where code = 'MCA'`,
      );
      expect((await statistics(fresh, staff.cookie)).byDegree).toEqual([
        { degree: 'Master of Computer Applications', branch: '', total: 1, placed: 1 },
      ]);

      await w.policy(
        {
          ...defaultPlacementPolicy,
          tiers: [
            { name: 'Regular', minPackage: 0 },
            { name: 'Super Dream', minPackage: 12 },
          ],
        },
        staff,
      );
      expect((await statistics(fresh, staff.cookie)).placedByTier).toEqual([
        { tier: 'Regular', placed: 0 },
        { tier: 'Super Dream', placed: 1 },
      ]);

      await fresh.db.execute(sql`delete from students where account_id = ${s.id}`);
      expect(await statistics(fresh, staff.cookie)).toMatchObject({ totalStudents: 0, placedStudents: 0 });
    } finally {
      await fresh.close();
    }
  });

  it('counts each writing statement once, and a fold of old changes never lowers the count', async () => {
    const fresh = await createTestApp();
    try {
      const w = world(fresh);
      const staff = await w.staff();
      for (let i = 0; i < 3; i++) await w.student();
      const repo = createStatisticsRepo(fresh.db);
      const first = await repo.changeCount();
      await fresh.db.execute(sql`update students set package_offered = 3`);
      expect(await repo.changeCount()).toBe(first + 1);
      const kept = await statistics(fresh, staff.cookie);

      const folded = await foldCollegeChanges(fresh.db, new Date(Date.now() + 60_000));
      expect(folded).toBeGreaterThan(0);
      expect(await repo.changeCount()).toBe(first + 1);
      expect(await statistics(fresh, staff.cookie)).toEqual(kept);

      await fresh.db.execute(sql`update students set is_placed = true`);
      expect(await repo.changeCount()).toBe(first + 2);
      expect(await statistics(fresh, staff.cookie)).toMatchObject({ totalStudents: 3, placedStudents: 3 });
    } finally {
      await fresh.close();
    }
  });
});
