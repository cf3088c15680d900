import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounds } from '@portal/contracts/bounds';
import type { Job } from '@portal/contracts/jobs';
import { pipeline, staffRecords } from '@portal/contracts/messages';
import type { ApplicantNeighbours, ApplicantPage, BulkOutcome } from '@portal/contracts/pipeline';
import { applicationEvents, applications, notifications } from '../../db/schema.ts';
import { acceptedOffer } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let acme: Company;
let globex: Company;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  acme = await w.company({ company: 'Acme Corp' });
  globex = await w.company({ company: 'Globex' });
});
afterAll(() => t.close());

const req = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const list = async (query: string, cookie = acme.cookie) => {
  const response = await req(cookie, 'GET', `/api/company/applicants?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ message: ApplicantPage }>().message;
};
const names = (page: ApplicantPage) => page.items.map((r) => r.name);

const bulk = (body: object, cookie = acme.cookie) =>
  req(cookie, 'POST', '/api/company/applications/bulk', body);

const interview = { at: '2099-01-15T10:30:00+05:30', place: 'Room 204' };

describe('the applicant table: search, sort and filters', () => {
  let job: Job;
  beforeAll(async () => {
    job = await w.job(acme, { role: 'Table Engineer' });
    await w.applicant(job, {
      firstName: 'Asha',
      lastName: 'Rao',
      academics: { rollNumber: '19BCE1901', cgpa: 9.1, degrees: ['B.Tech'], yearOfPassing: 2026 },
      verified: true,
    });
    await w.applicant(job, {
      firstName: 'Bala',
      lastName: 'Iyer',
      academics: { rollNumber: '19BCE1902', cgpa: 7.2, degrees: ['M.Tech'], yearOfPassing: 2027 },
    });
    await w.applicant(job, {
      firstName: 'Chitra',
      lastName: 'Nair',
      academics: { rollNumber: '20BCE2001', cgpa: 8.4, degrees: ['B.Tech'], yearOfPassing: 2026 },
    });
  });
  const of = (q: string) => list(`jobId=${job._id}&${q}`);

  it('searches by name, roll number and email', async () => {
    expect(names(await of('search=hitr'))).toEqual(['Chitra Nair']);
    expect(names(await of('search=19bce190&sort=name&order=asc'))).toEqual(['Asha Rao', 'Bala Iyer']);
    const bala = (await of('search=bala')).items[0]!;
    const details = (await req(acme.cookie, 'GET', `/api/company/applicantDetails/${bala._id}`)).json()
      .message;
    const email = details.student.personalDetail.emailID as string;
    expect(names(await of(`search=${encodeURIComponent(email.toUpperCase())}`))).toEqual(['Bala Iyer']);
  });

  it('sorts by name, CGPA and stage, each way', async () => {
    expect(names(await of('sort=name&order=asc'))).toEqual(['Asha Rao', 'Bala Iyer', 'Chitra Nair']);
    expect(names(await of('sort=cgpa&order=desc'))).toEqual(['Asha Rao', 'Chitra Nair', 'Bala Iyer']);
    expect(names(await of('sort=cgpa&order=asc'))).toEqual(['Bala Iyer', 'Chitra Nair', 'Asha Rao']);
    const chitra = (await of('search=chitra')).items[0]!;
    await w.move(acme, chitra._id, { stage: 'Shortlisted' });
    expect(names(await of('sort=stage&order=desc'))[0]).toBe('Chitra Nair');
    expect(names(await of('sort=appliedAt&order=asc'))).toEqual(['Asha Rao', 'Bala Iyer', 'Chitra Nair']);
  });

  it('filters by degree, CGPA range, verification and year of passing, with the total', async () => {
    const range = await of('cgpaMin=8&cgpaMax=9&sort=name&order=asc');
    expect([names(range), range.total]).toEqual([['Chitra Nair'], 1]);
    expect(names(await of('degree=m.tech'))).toEqual(['Bala Iyer']);
    expect(names(await of('verified=true'))).toEqual(['Asha Rao']);
    expect((await of('verified=false')).total).toBe(2);
    expect(names(await of('year=2027'))).toEqual(['Bala Iyer']);
  });

  it('refuses a CGPA outside 0 to 10 and an unknown sort with a 400 and a message', async () => {
    const response = await req(acme.cookie, 'GET', `/api/company/applicants?cgpaMin=11`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: staffRecords.cgpaRange });
    expect((await req(acme.cookie, 'GET', `/api/company/applicants?sort=salary`)).statusCode).toBe(400);
  });

  it('gives the previous and next applicant in the same order and filter', async () => {
    const order = 'sort=name&order=asc';
    const [asha, bala, chitra] = (await of(order)).items;
    const around = await req(
      acme.cookie,
      'GET',
      `/api/company/applicants/${bala!._id}/neighbours?jobId=${job._id}&${order}`,
    );
    expect(around.json<{ message: ApplicantNeighbours }>().message).toEqual({
      previous: asha!._id,
      next: chitra!._id,
      position: 2,
      total: 3,
    });
    // Another company's applicant is none of its business: not found, as if absent.
    const theirs = await req(globex.cookie, 'GET', `/api/company/applicants/${bala!._id}/neighbours`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Application not found.');
  });

  it('matches a withheld applicant by name only: a filter on the record does not tell what it hides', async () => {
    const hidden = await w.applicant(job, {
      firstName: 'Dina',
      lastName: 'Shah',
      academics: { rollNumber: '21BCE4242', cgpa: 9.9 },
    });
    await w.staffEdit(hidden, (form) => {
      form.role = 'Suspended';
    });
    expect(names(await of('search=dina'))).toEqual(['Dina Shah']);
    expect((await of('search=21bce4242')).total).toBe(0);
    expect(names(await of('cgpaMin=9.5'))).toEqual([]);
    expect((await of('sort=cgpa&order=desc')).items[0]!.name).toBe('Asha Rao');
  });
});

describe('bulk moves', () => {
  it('moves five applicants to a technical interview with one schedule: each stored, in its history and told', async () => {
    const job = await w.job(acme, { role: 'Bulk Engineer' });
    const five = await Promise.all(
      ['Anu', 'Babu', 'Chandra', 'Deepa', 'Esha'].map((firstName) => w.applicant(job, { firstName })),
    );
    const ids = five.map((s) => s.applicationId);
    const response = await bulk({ applicationIds: ids, stage: 'Technical Interview', schedule: interview });
    expect(response.statusCode).toBe(200);
    const outcome = response.json<{ message: BulkOutcome }>().message;
    expect(outcome.summary).toBe(pipeline.bulkMoveSummary(5, 'Technical Interview', 0));
    expect(outcome.rows.every((r) => r.done && r.message === pipeline.moved('Technical Interview'))).toBe(
      true,
    );

    const stored = await t.db.select().from(applications).where(inArray(applications.id, ids));
    expect(stored.map((a) => [a.stage, a.scheduleAt?.toISOString(), a.schedulePlace])).toEqual(
      ids.map(() => ['Technical Interview', '2099-01-15T05:00:00.000Z', 'Room 204']),
    );
    const events = await t.db
      .select()
      .from(applicationEvents)
      .where(inArray(applicationEvents.applicationId, ids));
    expect(events.filter((e) => e.stage === 'Technical Interview').map((e) => e.actorName)).toEqual(
      ids.map(() => 'Acme Corp'),
    );
    for (const s of five) {
      const told = await t.db.select().from(notifications).where(eq(notifications.accountId, s.id));
      expect(told.map((n) => n.title)).toContain('Technical Interview');
    }
  });

  it('reports each refused row with its reason and moves the rest', async () => {
    const job = await w.job(acme, { role: 'Mixed Engineer' });
    const ahead = await w.applicant(job, { firstName: 'Farah', lastName: 'Khan' });
    const fresh = await w.applicant(job, { firstName: 'Gopal', lastName: 'Das' });
    await w.move(acme, ahead.applicationId, { stage: 'HR Interview' });
    const outcome = (
      await bulk({ applicationIds: [ahead.applicationId, fresh.applicationId], stage: 'Online Assessment' })
    ).json<{ message: BulkOutcome }>().message;
    expect(outcome.summary).toBe(pipeline.bulkMoveSummary(1, 'Online Assessment', 1));
    expect(outcome.rows).toEqual([
      {
        _id: ahead.applicationId,
        name: 'Farah Khan',
        done: false,
        message: pipeline.backwards('HR Interview', 'Online Assessment'),
      },
      {
        _id: fresh.applicationId,
        name: 'Gopal Das',
        done: true,
        message: pipeline.moved('Online Assessment'),
      },
    ]);
  });

  it('refuses an offer to a student the placement policy holds, and makes the others', async () => {
    const job = await w.job(acme, { role: 'Offer Engineer' });
    const other = await w.job(globex, { role: 'Elsewhere' });
    const placed = await w.applicant(job, { firstName: 'Hema' });
    const free = await w.applicant(job, { firstName: 'Ira' });
    await acceptedOffer(t.db, placed.id, other._id, 30);
    const outcome = (
      await bulk({
        applicationIds: [placed.applicationId, free.applicationId],
        stage: 'Offer Letter',
        packageOffered: 12,
      })
    ).json<{ message: BulkOutcome }>().message;
    expect(outcome.done).toBe(1);
    expect(outcome.rows[0]).toMatchObject({ _id: placed.applicationId, done: false });
    expect(outcome.rows[0]!.message).toMatch(
      /^The placement policy does not allow this offer\. For the student: /,
    );
    expect(outcome.rows[1]).toMatchObject({ _id: free.applicationId, done: true });
    const [kept] = await t.db.select().from(applications).where(eq(applications.id, placed.applicationId));
    expect(kept!.stage).toBe('Form Submitted');
  });

  it('moves every applicant matching a filter, across pages, and not others', async () => {
    const job = await w.job(acme, { role: 'Filter Engineer' });
    const low = await w.applicant(job, { firstName: 'Jaya', cgpa: 6 });
    const high = await Promise.all(
      ['Kala', 'Lata', 'Mala'].map((firstName) => w.applicant(job, { firstName, cgpa: 9 })),
    );
    const outcome = (await bulk({ matching: { jobId: job._id, cgpaMin: 8 }, stage: 'Shortlisted' })).json<{
      message: BulkOutcome;
    }>().message;
    expect(outcome.done).toBe(3);
    expect(outcome.rows.map((r) => r._id).sort()).toEqual(high.map((s) => s.applicationId).sort());
    const [untouched] = await t.db.select().from(applications).where(eq(applications.id, low.applicationId));
    expect(untouched!.stage).toBe('Form Submitted');
  });

  it('leaves out the applicants unticked from "all matching"', async () => {
    const job = await w.job(acme, { role: 'Except Engineer' });
    const [kept, moved] = await Promise.all(
      ['Omana', 'Padma'].map((firstName) => w.applicant(job, { firstName })),
    );
    const outcome = (
      await bulk({ matching: { jobId: job._id }, exceptIds: [kept!.applicationId], stage: 'Rejected' })
    ).json<{ message: BulkOutcome }>().message;
    expect(outcome.rows.map((r) => r._id)).toEqual([moved!.applicationId]);
  });

  it('refuses more than the limit, both selections at once, and none, with a message', async () => {
    const many = Array.from({ length: bounds.bulkRows + 1 }, () => crypto.randomUUID());
    const tooMany = await bulk({ applicationIds: many, stage: 'Shortlisted' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: pipeline.bulkTooMany(bounds.bulkRows) });
    const both = await bulk({ applicationIds: [many[0]], matching: {}, stage: 'Shortlisted' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: pipeline.bulkSelection });
    const none = await bulk({ applicationIds: [], stage: 'Shortlisted' });
    expect(none.json()).toEqual({ message: pipeline.bulkEmpty });
    const noMatch = await bulk({ matching: { search: 'nobody-by-this-name' }, stage: 'Shortlisted' });
    expect([noMatch.statusCode, noMatch.json()]).toEqual([400, { message: pipeline.bulkEmpty }]);
  });

  it("does not move another company's applicants, by id or by filter", async () => {
    const job = await w.job(acme, { role: 'Private Engineer' });
    const s = await w.applicant(job, { firstName: 'Nila' });
    const byId = (await bulk({ applicationIds: [s.applicationId], stage: 'Rejected' }, globex.cookie)).json()
      .message as BulkOutcome;
    expect(byId.rows).toEqual([
      { _id: s.applicationId, name: '', done: false, message: pipeline.applicationNotFound },
    ]);
    const byFilter = await bulk({ matching: { jobId: job._id }, stage: 'Rejected' }, globex.cookie);
    expect(byFilter.json()).toEqual({ message: pipeline.bulkEmpty });
    const [kept] = await t.db.select().from(applications).where(eq(applications.id, s.applicationId));
    expect(kept!.stage).toBe('Form Submitted');
  });
});
