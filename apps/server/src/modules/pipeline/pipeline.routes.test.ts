import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentApplication } from '@portal/contracts/applications';
import type { Job } from '@portal/contracts/jobs';
import { pipeline, policy } from '@portal/contracts/messages';
import type { ApplicantDetails, ApplicantPage, ApplicantRow } from '@portal/contracts/pipeline';
import { defaultPlacementPolicy } from '@portal/contracts/placement-policy';
import type { StaffStudentDetails } from '@portal/contracts/staff';
import { accounts } from '../../db/schema.ts';
import { acceptedOffer, day } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let acme: Company;
let globex: Company;
let staff: Person;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  acme = await w.company({ company: 'Acme Corp' });
  globex = await w.company({ company: 'Globex' });
  staff = await w.staff();
});
afterAll(() => t.close());

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A student named `firstName` Patel, with academics (CGPA `cgpa`), who applied to the job. */
const applicant = (job: Job, firstName = 'Dev', cgpa = 8) =>
  w.applicant(job, { firstName, lastName: 'Patel', cgpa });

const move = (id: string, body: object, cookie = acme.cookie) =>
  req(cookie, 'POST', `/api/company/applications/${id}/stage`, body);

describe('the hiring pipeline', () => {
  it('moves an applicant forward to an offer: history, schedule, notifications, and an offer that does not place the student yet', async () => {
    const job = await w.job(acme, { role: 'Platform Engineer' });
    const s = await applicant(job, 'Kiran');

    expect((await move(s.applicationId, { stage: 'Shortlisted' })).json()).toEqual({
      message: pipeline.moved('Shortlisted'),
    });
    const scheduled = await move(s.applicationId, {
      stage: 'Technical Interview',
      schedule: { at: '2099-01-15T10:30:00+05:30', place: 'Room 204' },
    });
    expect(scheduled.statusCode).toBe(200);

    const mine = (await req(s.cookie, 'GET', '/api/student/applications')).json()
      .message as StudentApplication[];
    expect(mine[0]).toMatchObject({
      stage: 'Technical Interview',
      schedule: { at: '2099-01-15T05:00:00.000Z', place: 'Room 204' },
    });
    expect(mine[0]!.history.map((h) => [h.stage, h.by])).toEqual([
      ['Form Submitted', 'Kiran Patel'],
      ['Shortlisted', 'Acme Corp'],
      ['Technical Interview', 'Acme Corp'],
    ]);

    const noPackage = await move(s.applicationId, { stage: 'Offer Letter' });
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json()).toEqual({ message: pipeline.packageRequired });
    expect((await move(s.applicationId, { stage: 'Offer Letter', packageOffered: 18.5 })).statusCode).toBe(
      200,
    );

    const bell = (await req(s.cookie, 'GET', '/api/notifications')).json().message;
    expect(bell.unread).toBe(3);
    expect(bell.items.map((n: { title: string }) => n.title)).toEqual([
      'Offer Letter',
      'Technical Interview',
      'Shortlisted',
    ]);
    expect(bell.items[1]).toMatchObject({
      from: 'Acme Corp (recruiter)',
      body: expect.stringContaining(
        'Platform Engineer at Acme Corp is now at Technical Interview. Scheduled for 15 Jan 2099',
      ),
    });

    const record = (await req(staff.cookie, 'GET', `/api/college-staff/getStudentDetails/${s.id}`)).json()
      .message as StaffStudentDetails;
    // The offer waits for the student's answer (modules/offers): the company no longer places them.
    expect(record.placementStatus).toMatchObject({ isPlaced: false, companyName: '', packageOffered: null });
    expect(record.audit.filter((a) => a.by === 'Acme Corp')).toEqual([]);
    expect(record.applications[0]).toMatchObject({
      stage: 'Offer Letter',
      offer: { state: 'Offered', package: 18.5, tier: 'Regular', reason: '', decidedAt: null },
    });
    expect(record.applications[0]?.history.at(-1)).toMatchObject({
      stage: 'Offer Letter',
      offerState: 'Offered',
    });

    const details = (await req(acme.cookie, 'GET', `/api/company/applicantDetails/${s.applicationId}`)).json()
      .message as ApplicantDetails;
    expect(details).toMatchObject({
      stage: 'Offer Letter',
      packageOffered: 18.5,
      role: 'Platform Engineer',
      offer: { state: 'Offered', package: 18.5 },
    });
    expect(details.student!.personalDetail).not.toHaveProperty('fathersName');
  });

  it('refuses backward moves, moves out of a final stage and misplaced schedules', async () => {
    const job = await w.job(acme);
    const s = await applicant(job);
    await move(s.applicationId, { stage: 'HR Interview' });
    const back = await move(s.applicationId, { stage: 'Shortlisted' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ message: pipeline.backwards('HR Interview', 'Shortlisted') });
    const badSchedule = await move(s.applicationId, {
      stage: 'Rejected',
      schedule: { at: '2099-01-15T10:30:00Z', place: 'Online' },
    });
    expect(badSchedule.json()).toEqual({ message: pipeline.scheduleNotAllowed });
    expect((await move(s.applicationId, { stage: 'Rejected' })).statusCode).toBe(200);
    const after = await move(s.applicationId, { stage: 'Offer Letter', packageOffered: 5 });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({ message: pipeline.finished('Rejected') });
    const bad = await move(s.applicationId, { stage: 'Hired' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a schedule before the year 1 with the schedule message (PostgreSQL has no year 0)', async () => {
    const job = await w.job(acme);
    const s = await applicant(job);
    for (const at of ['0000-06-01T10:00:00Z', '0001-01-01T00:30:00+01:00']) {
      const response = await move(s.applicationId, {
        stage: 'Technical Interview',
        schedule: { at, place: 'Room 1' },
      });
      expect(response.statusCode, at).toBe(400);
      expect(response.json()).toEqual({ message: pipeline.scheduleAt });
    }
    const mine = (await req(s.cookie, 'GET', '/api/student/applications')).json()
      .message as StudentApplication[];
    expect(mine[0]).toMatchObject({ stage: 'Form Submitted', schedule: null });
  });

  it("keeps each company to its own jobs and applicants: another company's ids are 404", async () => {
    const job = await w.job(acme);
    const s = await applicant(job);
    const asGlobex = [
      await req(globex.cookie, 'GET', `/api/company/applicantDetails/${s.applicationId}`),
      await move(s.applicationId, { stage: 'Shortlisted' }, globex.cookie),
      await req(globex.cookie, 'GET', `/api/company/jobs/${job._id}/applicants.csv`),
      await req(globex.cookie, 'PUT', `/api/company/jobs/${job._id}/status`, { status: 'Closed' }),
      await req(globex.cookie, 'PUT', `/api/company/jobs/${job._id}`, {
        role: 'Stolen',
        description: 'x',
        qualifications: ['x'],
        startDate: '2020-01-01',
        applicationDeadline: '2099-01-01',
      }),
    ];
    expect(asGlobex.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const globexList = (
      (await req(globex.cookie, 'GET', '/api/company/applicants')).json().message as ApplicantPage
    ).items;
    expect(globexList.find((a) => a._id === s.applicationId)).toBeUndefined();
    const bulk = await req(globex.cookie, 'POST', '/api/company/applications/bulk', {
      applicationIds: [s.applicationId],
      stage: 'Rejected',
    });
    expect(bulk.json().message).toMatchObject({
      summary: pipeline.bulkMoveSummary(0, 'Rejected', 1),
      rows: [{ _id: s.applicationId, done: false, message: pipeline.applicationNotFound }],
    });
    const still = (await req(acme.cookie, 'GET', `/api/company/applicantDetails/${s.applicationId}`)).json()
      .message;
    expect(still.stage).toBe('Form Submitted');
  });

  it('shortlists several applicants at once, skipping those already past it', async () => {
    const job = await w.job(acme);
    const a = await applicant(job, 'Asha');
    const b = await applicant(job, 'Bala');
    const c = await applicant(job, 'Chitra');
    await move(c.applicationId, { stage: 'HR Interview' });
    const response = await req(acme.cookie, 'POST', '/api/company/applications/bulk', {
      applicationIds: [a.applicationId, b.applicationId, c.applicationId],
      stage: 'Shortlisted',
    });
    expect(response.json().message.summary).toBe(pipeline.bulkMoveSummary(2, 'Shortlisted', 1));
    const shortlisted = (
      await req(acme.cookie, 'GET', `/api/company/applicants?jobId=${job._id}&stage=Shortlisted`)
    ).json().message.items as ApplicantRow[];
    expect(shortlisted.map((r) => r.name).sort()).toEqual(['Asha Patel', 'Bala Patel']);
  });

  it("exports a job's applicants as CSV", async () => {
    const job = await w.job(acme, { role: 'Data, "Science"' });
    await applicant(job, 'Esha');
    const response = await req(acme.cookie, 'GET', `/api/company/jobs/${job._id}/applicants.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="applicants-data-science.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Degrees,CGPA,Applied on,Stage');
    // The day applied, in the deployment's zone (India's), as the company reads its calendar.
    expect(lines[1]).toBe(`Esha Patel,B.Tech CSE,8,${day(0)},Form Submitted`);
  });
});

describe('jobs, notices and the company view of students', () => {
  it('tells the students a new open job is for, and nobody else', async () => {
    const eligible = await w.student({ cgpa: 8.2 });
    const below = await w.student({ cgpa: 6.1 });
    await w.job(acme, { role: 'ML Engineer', minCgpa: 8, eligibleDegrees: ['b.tech'] });
    const titles = async (cookie: string) =>
      ((await req(cookie, 'GET', '/api/notifications')).json().message.items as { title: string }[]).map(
        (n) => n.title,
      );
    expect(await titles(eligible.cookie)).toContain('New job: ML Engineer');
    expect(await titles(below.cookie)).not.toContain('New job: ML Engineer');
  });

  it('edits, closes and reopens an own job; a closed job leaves the vacancies', async () => {
    const job = await w.job(acme, { role: 'Temp Role' });
    const student = await w.student();
    const listed = async () =>
      (
        (await req(student.cookie, 'GET', '/api/student/getJobs')).json().message as {
          jobs: { _id: string; role: string }[];
        }[]
      )
        .flatMap((c) => c.jobs)
        .find((j) => j._id === job._id);
    const edited = await req(acme.cookie, 'PUT', `/api/company/jobs/${job._id}`, {
      role: 'Renamed Role',
      description: 'New text',
      qualifications: ['MCA'],
      startDate: '2020-01-01',
      applicationDeadline: '2099-01-01',
    });
    expect(edited.json().message.role).toBe('Renamed Role');
    expect((await listed())?.role).toBe('Renamed Role');
    await req(acme.cookie, 'PUT', `/api/company/jobs/${job._id}/status`, { status: 'Closed' });
    expect(await listed()).toBeUndefined();
    await req(acme.cookie, 'PUT', `/api/company/jobs/${job._id}/status`, { status: 'Open' });
    expect(await listed()).toBeDefined();
    const own = (await req(acme.cookie, 'GET', '/api/company/jobs')).json().message;
    expect(own.find((j: { _id: string }) => j._id === job._id)).toMatchObject({
      applicants: 0,
      status: 'Open',
    });
  });

  it('shows companies only students in good standing, without parents’ names', async () => {
    const good = await w.student({ firstName: 'Visible', lastName: 'One' });
    const debarred = await w.student({ firstName: 'Visible', lastName: 'Two' });
    await t.db.update(accounts).set({ status: 'Debarred' }).where(eq(accounts.email, debarred.email));
    const page = (await req(acme.cookie, 'GET', '/api/company/students?search=visible')).json().message;
    expect(page.items.map((s: { name: string }) => s.name)).toEqual(['Visible One']);
    const goodId = page.items[0]._id as string;
    const profile = await req(acme.cookie, 'GET', `/api/company/getStudentDetails/${goodId}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().message.personalDetail).toEqual({
      firstName: 'Visible',
      lastName: 'One',
      emailID: good.email,
      phone: '9876543210',
      profilePicture: '',
    });
    const [row] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, debarred.email));
    expect((await req(acme.cookie, 'GET', `/api/company/getStudentDetails/${row!.id}`)).statusCode).toBe(404);
  });

  it("updates the company's own profile and name, never its email", async () => {
    const c = await w.company({ company: 'Old Name' });
    const ok = await req(c.cookie, 'PUT', '/api/company/companyProfileUpdate', {
      firstName: 'Rhea',
      lastName: 'Kapoor',
      staffID: '55',
      phone: '9123456789',
      company: 'New Name',
    });
    expect(ok.statusCode).toBe(200);
    // An approved company's new name waits for the placement cell (company-names.routes.test.ts).
    expect(ok.json().message).toMatchObject({
      company: 'Old Name',
      pendingName: 'New Name',
      personalDetail: { firstName: 'Rhea', emailID: c.email },
    });
    const refused = await req(c.cookie, 'PUT', '/api/company/companyProfileUpdate', {
      firstName: 'Rhea',
      lastName: 'Kapoor',
      staffID: '55',
      phone: '9123456789',
      company: 'New Name',
      emailID: 'new@example.com',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('a placed student in another company’s pipeline', () => {
  it('shows "Placed · <tier> tier" on the row and the page, with the policy’s refusal of an offer, which the server applies', async () => {
    // Tiers as a college sets them (this file's other tests make no offers).
    await w.policy({
      ...defaultPlacementPolicy,
      tiers: [
        { name: 'Regular', minPackage: 0 },
        { name: 'Dream', minPackage: 10 },
      ],
    });
    // Sana applied to Acme's 8 LPA job, then accepted Globex's 25 LPA offer (the Dream tier).
    const regular = await w.job(acme, { role: 'Placed Check Analyst', package: 8 });
    const sana = await w.applicant(regular, { firstName: 'Sana', lastName: 'Iyer' });
    const dream = await w.job(globex, { role: 'Placed Check Architect', package: 25 });
    await acceptedOffer(t.db, sana.id, dream._id, 25);
    const refusal = policy.sameOrHigherTier('Dream', 'Regular');

    const page = (await req(acme.cookie, 'GET', `/api/company/applicants?jobId=${regular._id}`)).json()
      .message as ApplicantPage;
    expect(page.items.find((r) => r.studentId === sana.id)?.placed).toEqual({
      label: 'Placed · Dream tier',
      offerRefusal: refusal,
    });
    const details = (
      await req(acme.cookie, 'GET', `/api/company/applicantDetails/${sana.applicationId}`)
    ).json().message as ApplicantDetails;
    expect(details.placed).toEqual({ label: 'Placed · Dream tier', offerRefusal: refusal });

    // The action the badge says is forbidden is refused by the server with the same words.
    const offer = await move(sana.applicationId, { stage: 'Offer Letter', packageOffered: 8 });
    expect(offer.statusCode).toBe(409);
    expect(offer.json()).toEqual({ message: policy.offerRefused(refusal) });

    // A student without an accepted offer carries no badge.
    const other = await w.applicant(regular, { firstName: 'Omar', lastName: 'Das' });
    const again = (await req(acme.cookie, 'GET', `/api/company/applicants?jobId=${regular._id}`)).json()
      .message as ApplicantPage;
    expect(again.items.find((r) => r.studentId === other.id)?.placed).toBeNull();
  });
});
