import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_PER_DAY } from '@portal/contracts/jobs';
import { jobs as jobMessages } from '@portal/contracts/messages';
import { jobs } from '../../db/schema.ts';
import { day } from '../../test/placement.ts';
import { startOfDayInZone } from '@portal/contracts/dates';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (cookie: string, role: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company/postJob',
    headers: { cookie },
    payload: {
      typ: 'jobs',
      value: {
        role,
        description: 'APIs',
        qualifications: ['B.Tech'],
        startDate: '2020-01-01',
        applicationDeadline: '2099-12-31',
      },
    },
  });

describe("a company posts at most 50 jobs a day in the deployment's zone", () => {
  it('posts the 50th job, refuses the 51st with 409 saying when it can post again, and stores nothing', async () => {
    const company = await world(t).company({ company: 'Busy Hiring' });
    const companyId = company.id;
    for (let i = 1; i < JOBS_PER_DAY; i++) {
      await t.db.insert(jobs).values({
        companyId,
        role: `Role ${i}`,
        description: 'd',
        qualifications: [],
        startDate: '2020-01-01',
        applicationDeadline: '2099-12-31',
      });
    }
    expect((await post(company.cookie, 'The fiftieth')).statusCode).toBe(201);

    const refused = await post(company.cookie, 'One too many');
    // The day is India's (the default TIME_ZONE): it turns at 18:30 UTC.
    const tomorrow = day(1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: jobMessages.dailyLimit(JOBS_PER_DAY, tomorrow, 'IST') });
    expect(refused.json().message).toBe(
      `You have posted 50 jobs today, the most allowed in a day. You can post again from ${tomorrow} 00:00 IST.`,
    );
    const stored = await t.db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.role, 'One too many')));
    expect(stored[0]!.n).toBe(0);
    const all = await t.db.select({ n: count() }).from(jobs).where(eq(jobs.companyId, companyId));
    expect(all[0]!.n).toBe(JOBS_PER_DAY);

    // Jobs posted before today's midnight in India (18:30 UTC the day before) do not count.
    const midnight = startOfDayInZone(day(0), t.config.timeZone);
    await t.db
      .update(jobs)
      .set({ createdAt: new Date(midnight.getTime() - 1000) })
      .where(eq(jobs.role, 'Role 1'));
    expect((await post(company.cookie, 'Room again')).statusCode).toBe(201);
  });
});
