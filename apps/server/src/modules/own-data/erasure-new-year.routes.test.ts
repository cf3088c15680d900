import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasure } from '@portal/contracts/messages';
import { accounts, students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world } from '../../test/world.ts';

/**
 * Erasure and retention go by the year (and month) where the college is: at 23:30 UTC on
 * 31 December it is already 05:00 on 1 January in India, so a student who passed in 2026 may be
 * erased there, and not yet in a deployment whose TIME_ZONE is UTC.
 */
const newYearsEveUtc = new Date('2026-12-31T23:30:00Z');

describe.each([
  { timeZone: 'Asia/Kolkata', newYear: true },
  { timeZone: 'UTC', newYear: false },
])('at 23:30 UTC on 31 December 2026, in $timeZone', ({ timeZone, newYear }) => {
  let t: TestApp;
  let staff: string;
  let graduateOf2026: string;

  beforeAll(async () => {
    t = await createTestApp({ timeZone }, { now: () => newYearsEveUtc });
    const w = world(t);
    staff = (await w.staff()).cookie;
    graduateOf2026 = (await w.student({ firstName: 'Kavya', lastName: 'Rao' })).id;
    await t.db.update(students).set({ yearOfPassing: 2026 }).where(eq(students.accountId, graduateOf2026));
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: staff }, ...(payload ? { payload } : {}) });

  it(`${newYear ? 'counts' : 'does not yet count'} a student who passed in 2026 as a graduate due under retention`, async () => {
    expect((await req('PUT', '/api/college-staff/retention', { retentionMonths: 0 })).statusCode).toBe(200);
    const preview = (await req('POST', '/api/college-staff/retention/preview')).json().message;
    expect(preview.dueYear).toBe(newYear ? 2026 : 2025);
    expect(preview.students.map((s: { _id: string }) => s._id)).toEqual(newYear ? [graduateOf2026] : []);
  });

  it(`${newYear ? 'offers and does' : 'refuses'} the erasure of a student who passed in 2026`, async () => {
    const status = (await req('GET', `/api/college-staff/students/${graduateOf2026}/erasure`)).json().message;
    expect(status).toMatchObject(
      newYear ? { allowed: true, reason: null } : { allowed: false, reason: erasure.notGraduated(2026) },
    );

    const erased = await req('POST', `/api/college-staff/students/${graduateOf2026}/erase`, {
      confirmation: 'Kavya Rao',
      reason: 'Graduated in 2026',
    });
    expect(erased.statusCode).toBe(newYear ? 200 : 400);
    expect(erased.json()).toEqual({ message: newYear ? erasure.erased : erasure.notGraduated(2026) });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, graduateOf2026));
    expect(row!.status).toBe(newYear ? 'Erased' : 'Allowed');
  });
});
