import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VacancyListing } from '@portal/contracts/jobs';
import { policy as messages } from '@portal/contracts/messages';
import {
  defaultPlacementPolicy,
  type PlacementPolicy,
  type PlacementPolicyState,
} from '@portal/contracts/placement-policy';
import { placementPolicies } from '../../db/schema.ts';
import { acceptedOffer } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';
import { createClock } from '../../lib/clock.ts';
import { createJobsReader } from '../jobs/jobs.read.ts';
import { createOffersReader } from '../offers/offers.read.ts';
import { createPlacementPolicyRepo } from './placement-policy.repo.ts';
import { createPlacementPolicyService } from './placement-policy.service.ts';

let t: TestApp;
let w: World;
let staff: Person;
let company: Company;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff({ firstName: 'Meera', lastName: 'Iyer' });
  company = await w.company({ company: 'Tiered Corp' });
});
afterAll(() => t.close());

const tiered: PlacementPolicy = {
  ...defaultPlacementPolicy,
  tiers: [
    { name: 'Regular', minPackage: 0 },
    { name: 'Dream', minPackage: 10 },
    { name: 'Super Dream', minPackage: 20 },
  ],
};

const state = async () =>
  (
    await t.app.inject({ url: '/api/college-staff/placementPolicy', headers: { cookie: staff.cookie } })
  ).json().message as PlacementPolicyState;

const put = (payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/college-staff/placementPolicy',
    headers: { cookie: staff.cookie },
    payload: payload as object,
  });

const apply = (cookie: string, jobID: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/student/jobApplyByStudent',
    headers: { cookie },
    payload: { jobID },
  });

const vacancy = async (cookie: string, jobId: string) => {
  const listing = (await t.app.inject({ url: '/api/student/getJobs', headers: { cookie } })).json()
    .message as VacancyListing;
  return listing.flatMap((c) => c.jobs).find((j) => j._id === jobId);
};

describe('the placement policy, versioned', () => {
  it('starts at the defaults, saves each change as a new version with who and when, and keeps the history', async () => {
    const first = await state();
    expect(first.current).toMatchObject({ ...defaultPlacementPolicy, version: 1, by: 'Default policy' });
    expect(first.history.map((v) => v.version)).toEqual([1]);

    const saved = await put(tiered);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: messages.saved(2) });

    const second = await state();
    expect(second.current).toMatchObject({ ...tiered, version: 2, by: 'Meera Iyer' });
    expect(Date.now() - Date.parse(second.current.at)).toBeLessThan(60_000);
    expect(second.history.map((v) => v.version)).toEqual([2, 1]);
    expect(second.history[1]).toEqual(first.current);
    const [row] = await t.db.select().from(placementPolicies).where(eq(placementPolicies.version, 2));
    expect(row).toMatchObject({ createdByName: 'Meera Iyer', tiers: tiered.tiers, maxAcceptedOffers: 1 });
  });

  it('refuses a policy identical to the one in force, and stores nothing', async () => {
    const response = await put(tiered);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.unchanged });
    expect((await state()).history).toHaveLength(2);
  });

  it.each([
    ['not starting at 0', [{ name: 'Regular', minPackage: 5 }]],
    [
      'not rising',
      [
        { name: 'Regular', minPackage: 0 },
        { name: 'Dream', minPackage: 0 },
      ],
    ],
    [
      'names repeated',
      [
        { name: 'Regular', minPackage: 0 },
        { name: 'regular', minPackage: 10 },
      ],
    ],
    ['empty', []],
  ])('refuses tiers %s with policy.tiersOrder', async (_case, tiers) => {
    const response = await put({ ...tiered, tiers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.tiersOrder });
    expect((await state()).history).toHaveLength(2);
  });

  it('refuses a decision window out of range and unknown fields', async () => {
    const days = await put({ ...tiered, decisionDays: 1 });
    expect(days.statusCode).toBe(400);
    expect(days.json()).toEqual({ message: messages.decisionDays });
    const extra = await put({ ...tiered, maxAcceptedOffers: 2, surprise: true });
    expect(extra.statusCode).toBe(400);
    expect((await state()).history).toHaveLength(2);
  });

  it('refuses with 409 a save whose version another staff member took meanwhile, storing nothing of it', async () => {
    const repo = createPlacementPolicyRepo(t.db);
    const [saved] = await t.db.select().from(placementPolicies).where(eq(placementPolicies.version, 2));
    const other = { id: saved!.createdById!, name: 'Other Staff' };
    // A concurrent save lands between this save's reading of the version in force and its insert.
    const racing = {
      ...repo,
      current: async () => {
        const read = await repo.current();
        await repo.insertVersion(read!.version, { ...tiered, maxAcceptedOffers: 2 }, other);
        return read;
      },
    };
    const service = createPlacementPolicyService({
      placementPolicyRepo: racing,
      offersReader: createOffersReader(t.db),
      jobsReader: createJobsReader(t.db),
      academicRecordsService: { settings: async () => ({ requireVerifiedAcademics: false }) },
      clock: createClock(t.config.timeZone),
    });
    const actor = {
      id: other.id,
      role: 'college-staff',
      status: 'Allowed',
      name: 'Late',
      email: 'late@example.com',
      collegeId: 1,
      recruitsAt: [],
      tokenHash: '',
    } as const;
    const late = service.save(actor, { ...tiered, maxAcceptedOffers: 3 });
    await expect(late).rejects.toMatchObject({ statusCode: 409, message: messages.changedMeanwhile });
    const history = (await state()).history;
    expect(history.map((v) => [v.version, v.by, v.maxAcceptedOffers])).toEqual([
      [3, 'Other Staff', 2],
      [2, 'Meera Iyer', 1],
      [1, 'Default policy', 1],
    ]);
    await w.policy(tiered, staff);
  });
});

describe('the placement policy at apply time and in the vacancy list', () => {
  it('refuses a placed student a job in the same or a lower tier, with the reason, and allows a higher one', async () => {
    const dreamOffer = await w.job(company, {
      role: 'Dream offer',
      package: 12,
      status: 'Closed',
    });
    const regular = await w.job(company, { role: 'Regular job', package: 5 });
    const unpriced = await w.job(company, { role: 'No package' });
    const dream = await w.job(company, { role: 'Dream job', package: 15 });
    const superDream = await w.job(company, { role: 'Super job', package: 25 });
    const internship = await w.job(company, {
      role: 'Intern',
      package: 2,
      type: 'Internship',
    });
    const s = await w.student({ academics: true });
    await w.resume(s);
    await acceptedOffer(t.db, s.id, dreamOffer._id, 12);

    const sameTier = messages.sameOrHigherTier('Dream', 'Dream');
    const lowerTier = messages.sameOrHigherTier('Dream', 'Regular');
    expect(await vacancy(s.cookie, regular._id)).toMatchObject({
      tier: 'Regular',
      notEligibleReason: lowerTier,
    });
    expect(await vacancy(s.cookie, unpriced._id)).toMatchObject({
      tier: 'Regular',
      notEligibleReason: lowerTier,
    });
    expect(await vacancy(s.cookie, dream._id)).toMatchObject({ tier: 'Dream', notEligibleReason: sameTier });
    expect(await vacancy(s.cookie, superDream._id)).toMatchObject({
      tier: 'Super Dream',
      package: 25,
      notEligibleReason: null,
    });
    // Internships are outside the rule while the policy does not count them.
    expect(await vacancy(s.cookie, internship._id)).toMatchObject({
      type: 'Internship',
      notEligibleReason: null,
    });

    const refused = await apply(s.cookie, regular._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'You have accepted an offer in the Dream tier; this job is in the Regular tier.',
    });
    const refusedSame = await apply(s.cookie, dream._id);
    expect(refusedSame.statusCode).toBe(400);
    expect(refusedSame.json()).toEqual({ message: sameTier });
    expect((await apply(s.cookie, superDream._id)).statusCode).toBe(201);
    expect((await apply(s.cookie, internship._id)).statusCode).toBe(201);
    expect(await vacancy(s.cookie, superDream._id)).toMatchObject({ applied: true });
  });

  it('follows the policy in force: no higher tier once placed, internships counted', async () => {
    const dreamOffer = await w.job(company, {
      role: 'Dream offer',
      package: 11,
      status: 'Closed',
    });
    const superDream = await w.job(company, { role: 'Super job', package: 30 });
    const internship = await w.job(company, {
      role: 'Intern',
      package: 1,
      type: 'Internship',
    });
    const s = await w.student({ academics: true });
    await w.resume(s);
    await acceptedOffer(t.db, s.id, dreamOffer._id, 11);
    const before = (await state()).current;
    await w.policy({ ...tiered, higherTierAfterPlaced: false, internshipsCount: true }, staff);
    try {
      expect(await vacancy(s.cookie, superDream._id)).toMatchObject({
        notEligibleReason: messages.maxOffers(1),
      });
      const refused = await apply(s.cookie, superDream._id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: messages.maxOffers(1) });
      expect((await apply(s.cookie, internship._id)).json()).toEqual({
        message: messages.sameOrHigherTier('Dream', 'Regular'),
      });
    } finally {
      const { version: _v, by: _b, at: _a, ...rules } = before;
      await w.policy(rules, staff);
    }
    expect(await vacancy(s.cookie, superDream._id)).toMatchObject({ notEligibleReason: null });
  });

  it('puts the job criteria before the policy and keeps a student without accepted offers free', async () => {
    const strict = await w.job(company, { role: 'Strict', package: 3, minCgpa: 9 });
    const free = await w.student({ academics: true });
    await w.resume(free);
    expect(await vacancy(free.cookie, strict._id)).toMatchObject({
      notEligibleReason: 'Minimum CGPA 9; yours is 8',
    });
    const open = await w.job(company, { role: 'Open', package: 3 });
    expect(await vacancy(free.cookie, open._id)).toMatchObject({ notEligibleReason: null, tier: 'Regular' });
  });
});
