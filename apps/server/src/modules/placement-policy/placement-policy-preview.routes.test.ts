import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultPlacementPolicy,
  type PlacementPolicy,
  type PlacementPolicyPreview,
} from '@portal/contracts/placement-policy';
import { accounts, placementPolicies, students } from '../../db/schema.ts';
import { acceptedOffer, day } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let staff: Person;

const current: PlacementPolicy = {
  ...defaultPlacementPolicy,
  tiers: [
    { name: 'Regular', minPackage: 0 },
    { name: 'Dream', minPackage: 10 },
  ],
};

/**
 * The data set: open jobs Regular (4 LPA), Dream (15 LPA) and an Internship (3 LPA), a closed
 * Dream job; students placed at 5 (Aarav), 12 (Bela), 14 (Chirag), a free one (Esha), one debarred
 * in force with an offer (Farah) and one whose debarment ended yesterday (Dia).
 */
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff();
  const company = await w.company();
  await w.policy(current, staff);
  await w.job(company, { role: 'Regular', package: 4 });
  await w.job(company, { role: 'Dream', package: 15 });
  await w.job(company, { role: 'Intern', package: 3, type: 'Internship' });
  const offerJob = await w.job(company, { role: 'Past', package: 30, status: 'Closed' });
  const student = async (firstName: string, pkg: number | null) => {
    const { id } = await w.student({ firstName, lastName: 'Test' });
    if (pkg !== null) await acceptedOffer(t.db, id, offerJob._id, pkg);
    return id;
  };
  await student('Chirag', 14);
  await student('Bela', 12);
  await student('Aarav', 5);
  await student('Esha', null);
  const farah = await student('Farah', 5);
  const dia = await student('Dia', 5);
  await t.db.update(accounts).set({ status: 'Debarred' }).where(eq(accounts.id, farah));
  await t.db
    .update(students)
    .set({ debarReason: 'Misconduct', debarredUntil: day(30) })
    .where(eq(students.accountId, farah));
  await t.db.update(accounts).set({ status: 'Debarred' }).where(eq(accounts.id, dia));
  await t.db
    .update(students)
    .set({ debarReason: 'Late', debarredUntil: day(-1) })
    .where(eq(students.accountId, dia));
});
afterAll(() => t.close());

const preview = (draft: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/college-staff/placementPolicy/preview',
    headers: { cookie: staff.cookie },
    payload: draft as object,
  });

describe('POST /api/college-staff/placementPolicy/preview', () => {
  it('counts who gains and who loses a job, with sorted names, skipping those debarred and the free', async () => {
    // Dream from 13: Bela's 12 becomes Regular, so the Dream job opens to her; counting internships
    // closes the Regular-tier internship to everyone placed (Bela too: she is in both).
    const response = await preview({
      ...current,
      tiers: [
        { name: 'Regular', minPackage: 0 },
        { name: 'Dream', minPackage: 13 },
      ],
      internshipsCount: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual({
      openJobs: 3,
      gain: { count: 1, sample: ['Bela Test'] },
      lose: { count: 4, sample: ['Aarav Test', 'Bela Test', 'Chirag Test', 'Dia Test'] },
    } satisfies PlacementPolicyPreview);
  });

  it('finds no change for the policy in force, nor for a change only of the decision window', async () => {
    const same = (await preview(current)).json().message as PlacementPolicyPreview;
    expect(same).toEqual({ openJobs: 3, gain: { count: 0, sample: [] }, lose: { count: 0, sample: [] } });
    const days = (await preview({ ...current, decisionDays: 14 })).json().message as PlacementPolicyPreview;
    expect(days.gain.count + days.lose.count).toBe(0);
  });

  it('counts those who lose the higher tier when placed students may no longer try for one', async () => {
    const response = await preview({ ...current, higherTierAfterPlaced: false });
    expect(response.json().message).toEqual({
      openJobs: 3,
      gain: { count: 0, sample: [] },
      lose: { count: 2, sample: ['Aarav Test', 'Dia Test'] },
    });
  });

  it('refuses an invalid draft and saves nothing', async () => {
    const versions = await t.db.select().from(placementPolicies);
    const response = await preview({ ...current, tiers: [{ name: 'Only', minPackage: 3 }] });
    expect(response.statusCode).toBe(400);
    expect(await t.db.select().from(placementPolicies)).toHaveLength(versions.length);
  });
});
