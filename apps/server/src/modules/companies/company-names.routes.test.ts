import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '@portal/contracts/companies';
import type { VacancyListing, VacancyPage } from '@portal/contracts/jobs';
import { companyNames, companySender, invalid, notFound } from '@portal/contracts/messages';
import type { NotificationList } from '@portal/contracts/notifications';
import type { CompanyDetails, CompanyPage } from '@portal/contracts/staff';
import { accounts, companies, companyNameChanges, notifications, outboxEmails } from '../../db/schema.ts';
import { signupBody } from '../../test/accounts.ts';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let smtp: SmtpServer;
let w: World;
let staff: Person;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ mail: { ...testConfig().mail, smtpUrl: smtp.url } });
  w = world(t);
  staff = await w.staff({ firstName: 'Nisha', lastName: 'Rao' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const record = async (cookie: string) =>
  (await req(cookie, 'GET', '/api/company/getCompanyData')).json().message as CompanyRecord;

/** The company `name`, its recruiter Irfan Khan; approved unless `approved: false`. */
const company = (name: string, { approved = true } = {}) =>
  w.company({ company: name, firstName: 'Irfan', lastName: 'Khan', approved });

const rename = (c: Company, name: string) =>
  req(c.cookie, 'PUT', '/api/company/companyProfileUpdate', {
    firstName: 'Irfan',
    lastName: 'Khan',
    staffID: '2001',
    phone: '9876543210',
    company: name,
  });

const decide = (id: string, payload: object, cookie = staff.cookie) =>
  req(cookie, 'PUT', `/api/college-staff/companies/${id}/name`, payload);

const stored = async (id: string) =>
  (await t.db.select().from(companies).where(eq(companies.accountId, id)))[0]!;

const trail = (id: string) =>
  t.db
    .select()
    .from(companyNameChanges)
    .where(eq(companyNameChanges.companyId, id))
    .orderBy(companyNameChanges.createdAt);

const postJob = async (c: Company, role: string) => (await w.job(c, { role }))._id;

/** Asha Rao (no academic details entered) applies to the job. */
const applicant = (jobId: string) =>
  w.applicant(jobId, { firstName: 'Asha', lastName: 'Rao', academics: false });

const newestNotice = async (accountId: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.accountId, accountId))
      .orderBy(notifications.createdAt)
  ).at(-1);

const emailsTo = (to: string, kind: string) =>
  t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.recipient, to), eq(outboxEmails.kind, kind)))
    .orderBy(outboxEmails.createdAt);

const vacancyNames = async (cookie: string) => ({
  listing: ((await req(cookie, 'GET', '/api/student/getJobs')).json().message as VacancyListing).map(
    (c) => c.companyName,
  ),
  page: (
    (await req(cookie, 'GET', '/api/student/jobs?pageSize=100')).json().message as VacancyPage
  ).items.map((j) => j.companyName),
});

describe('a company posing as the placement cell', () => {
  it('is refused a rename to "Placement cell (Priya Nair)" with 400, nothing stored', async () => {
    const globex = await company('Globex');
    for (const name of ['Placement cell (Priya Nair)', 'PLACEMENT-CELL', 'Training & Placement Office']) {
      const response = await rename(globex, name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ message: invalid.companyName });
    }
    expect(await stored(globex.id)).toMatchObject({ name: 'Globex', pendingName: null, pendingNameAt: null });
    expect(await trail(globex.id)).toEqual([]);
    expect(await record(globex.cookie)).toMatchObject({ company: 'Globex', pendingName: null });
  });

  it('is refused a sign-up under such a name, and no account is made', async () => {
    const body = signupBody('company', { company: 'T&P Cell' });
    const response = await t.app.inject({ method: 'POST', url: '/api/company/signup', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: invalid.companyName });
    const email = (body as { personalDetail: { emailID: string } }).personalDetail.emailID;
    expect(await t.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
  });
});

describe("what a company's actions send is labelled as from the company", () => {
  it('a stage message and a stage move reach the student from "Globex (recruiter)"', async () => {
    const globex = await company('Globex Systems');
    const jobId = await postJob(globex, 'Data Analyst');
    const s = await applicant(jobId);

    const sent = await req(globex.cookie, 'POST', `/api/company/jobs/${jobId}/messages`, {
      stage: 'Form Submitted',
      subject: 'Action needed: verify your account',
      body: 'Hi {firstName}, open https://evil.example/verify',
    });
    expect(sent.statusCode).toBe(201);
    expect(await newestNotice(s.id)).toMatchObject({
      sender: 'Globex Systems (recruiter)',
      title: 'Action needed: verify your account',
    });
    const message = await smtp.next(s.email);
    expect(message.subject).toBe('Globex Systems (recruiter): Action needed: verify your account');
    expect(message.text).toContain('— Globex Systems (recruiter), through the Campus Placement Portal');

    const moved = await req(globex.cookie, 'POST', `/api/company/applications/${s.applicationId}/stage`, {
      stage: 'Shortlisted',
    });
    expect(moved.statusCode).toBe(200);
    const bell = (await req(s.cookie, 'GET', '/api/notifications')).json().message as NotificationList;
    expect(bell.items[0]).toMatchObject({ title: 'Shortlisted', from: 'Globex Systems (recruiter)' });
    const [stage] = await emailsTo(s.email, 'stage-change');
    expect(stage?.subject).toBe(
      'Globex Systems (recruiter): your application for Data Analyst is now at Shortlisted',
    );

    const scheduled = await req(globex.cookie, 'POST', `/api/company/applications/${s.applicationId}/stage`, {
      stage: 'Technical Interview',
      schedule: { at: '2099-01-15T10:30:00+05:30', place: 'Room 204' },
    });
    expect(scheduled.statusCode).toBe(200);
    const interview = await smtp.next(s.email, /scheduled/);
    expect(interview.subject).toBe(
      'Globex Systems (recruiter): Technical Interview scheduled for Data Analyst',
    );
    expect(interview.attachments[0]?.content).toContain('ORGANIZER;CN=');
    expect(interview.attachments[0]?.content).toContain('Globex Systems (recruiter)');

    const offered = await req(globex.cookie, 'POST', `/api/company/applications/${s.applicationId}/stage`, {
      stage: 'Offer Letter',
      packageOffered: 12,
    });
    expect(offered.statusCode).toBe(200);
    const [offer] = await emailsTo(s.email, 'offer');
    expect(offer?.subject).toBe('Globex Systems (recruiter): an offer for Data Analyst');
    expect(await newestNotice(s.id)).toMatchObject({ sender: companySender('Globex Systems') });
  });
});

describe("an approved company's new name", () => {
  it('waits for staff while students keep the approved name, and is used once staff approve it', async () => {
    await company('Aardvark Settled');
    const initrode = await company('Initrode');
    const jobId = await postJob(initrode, 'Platform Engineer');
    const s = await applicant(jobId);
    // The vacancy list is read (and kept in the process's cache) before the rename.
    expect((await vacancyNames(s.cookie)).listing).toContain('Initrode');

    const renamed = await rename(initrode, 'Initrode Global');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().message).toMatchObject({ company: 'Initrode', pendingName: 'Initrode Global' });
    expect(await stored(initrode.id)).toMatchObject({
      name: 'Initrode',
      pendingName: 'Initrode Global',
      pendingNameAt: expect.any(Date),
    });
    expect(await trail(initrode.id)).toEqual([
      expect.objectContaining({
        event: 'Requested',
        fromName: 'Initrode',
        toName: 'Initrode Global',
        actorId: initrode.id,
        actorName: 'Irfan Khan',
      }),
    ]);

    // Meanwhile students and notices see the approved name.
    let names = await vacancyNames(s.cookie);
    expect(names.listing).toContain('Initrode');
    expect(names.listing).not.toContain('Initrode Global');
    expect(names.page).toContain('Initrode');
    await req(initrode.cookie, 'POST', `/api/company/applications/${s.applicationId}/stage`, {
      stage: 'Shortlisted',
    });
    expect(await newestNotice(s.id)).toMatchObject({ sender: 'Initrode (recruiter)' });

    // Staff see the name asked for, among the first of the list.
    const list = (await req(staff.cookie, 'GET', '/api/college-staff/companies?pageSize=100')).json()
      .message as CompanyPage;
    const mine = list.items.findIndex((c) => c._id === initrode.id);
    expect(list.items[mine]).toMatchObject({
      company: 'Initrode',
      pendingName: 'Initrode Global',
      pendingNameAt: expect.stringMatching(/^\d{4}-/),
    });
    const firstSettled = list.items.findIndex((c) => c.role !== 'Pending' && c.pendingName === null);
    expect(mine).toBeLessThan(firstSettled);

    const approved = await decide(initrode.id, { decision: 'Approved', name: 'Initrode Global' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ message: companyNames.approved });

    // The in-process vacancy cache dropped it: both lists show the new name at once.
    names = await vacancyNames(s.cookie);
    expect(names.listing).toContain('Initrode Global');
    expect(names.listing).not.toContain('Initrode');
    expect(names.page).toContain('Initrode Global');
    expect(await record(initrode.cookie)).toMatchObject({ company: 'Initrode Global', pendingName: null });
    expect(await stored(initrode.id)).toMatchObject({ pendingName: null, pendingNameAt: null });
    expect(await newestNotice(initrode.id)).toMatchObject({
      title: companyNames.approvedTitle,
      body: companyNames.approvedNotice('Initrode', 'Initrode Global'),
    });
    expect(await emailsTo(initrode.email, 'company-name')).toHaveLength(1);

    const later = await req(initrode.cookie, 'POST', `/api/company/applications/${s.applicationId}/stage`, {
      stage: 'HR Interview',
    });
    expect(later.statusCode).toBe(200);
    expect(await newestNotice(s.id)).toMatchObject({ sender: 'Initrode Global (recruiter)' });

    const details = (
      await req(staff.cookie, 'GET', `/api/college-staff/companyDetails/${initrode.id}`)
    ).json().message as CompanyDetails;
    expect(details.nameHistory).toEqual([
      {
        event: 'Approved',
        from: 'Initrode',
        to: 'Initrode Global',
        reason: '',
        by: 'Nisha Rao',
        at: expect.any(String),
      },
      {
        event: 'Requested',
        from: 'Initrode',
        to: 'Initrode Global',
        reason: '',
        by: 'Irfan Khan',
        at: expect.any(String),
      },
    ]);
  });

  it('stays the old name when staff reject it, and the company is told why', async () => {
    const hooli = await company('Hooli');
    await rename(hooli, 'Hooli XYZ');
    const rejected = await decide(hooli.id, {
      decision: 'Rejected',
      name: 'Hooli XYZ',
      reason: 'Not the registered name.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ message: companyNames.rejected });

    expect(await record(hooli.cookie)).toMatchObject({ company: 'Hooli', pendingName: null });
    expect(await stored(hooli.id)).toMatchObject({ name: 'Hooli', pendingName: null, pendingNameAt: null });
    expect(await newestNotice(hooli.id)).toMatchObject({
      title: companyNames.rejectedTitle,
      body: companyNames.rejectedNotice('Hooli XYZ', 'Hooli', 'Not the registered name.'),
    });
    expect(await emailsTo(hooli.email, 'company-name')).toHaveLength(1);
    const email = await smtp.next(hooli.email, /name/);
    expect(email.subject).toBe('Your new company name was not approved');
    expect(email.text).toContain('Hooli XYZ; students and your applicants keep seeing Hooli.');
    expect(email.text).toContain('Reason given by the placement cell: Not the registered name.');
    expect((await trail(hooli.id)).map((r) => [r.event, r.toName, r.reason, r.actorName])).toEqual([
      ['Requested', 'Hooli XYZ', '', 'Irfan Khan'],
      ['Rejected', 'Hooli XYZ', 'Not the registered name.', 'Nisha Rao'],
    ]);
  });

  it('is withdrawn by sending the approved name again; the same new name twice is one request', async () => {
    const umbrella = await company('Umbrella');
    await rename(umbrella, 'Umbrella Labs');
    const first = await stored(umbrella.id);
    expect((await rename(umbrella, 'Umbrella Labs')).statusCode).toBe(200);
    expect((await stored(umbrella.id)).pendingNameAt).toEqual(first.pendingNameAt);
    expect(await trail(umbrella.id)).toHaveLength(1);

    const back = await rename(umbrella, 'Umbrella');
    expect(back.json().message).toMatchObject({ company: 'Umbrella', pendingName: null });
    expect((await trail(umbrella.id)).map((r) => r.event)).toEqual(['Requested', 'Withdrawn']);
  });

  it('of a company awaiting approval applies at once: staff see it when they approve', async () => {
    const pending = await company('Vandelay', { approved: false });
    const response = await rename(pending, 'Vandelay Industries');
    expect(response.json().message).toMatchObject({ company: 'Vandelay Industries', pendingName: null });
    expect(await stored(pending.id)).toMatchObject({ name: 'Vandelay Industries', pendingName: null });
    expect((await trail(pending.id)).map((r) => [r.event, r.fromName, r.toName])).toEqual([
      ['Renamed', 'Vandelay', 'Vandelay Industries'],
    ]);
  });

  it('refuses a decision with nothing pending, on a name since replaced, a bad decision, an unknown company', async () => {
    const acme = await company('Acme Widgets');
    const none = await decide(acme.id, { decision: 'Approved', name: 'Acme Two' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: companyNames.noPendingName });

    await rename(acme, 'Acme One');
    await rename(acme, 'Acme Two');
    const stale = await decide(acme.id, { decision: 'Approved', name: 'Acme One' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: companyNames.changedMeanwhile('Acme Two') });
    expect(await stored(acme.id)).toMatchObject({ name: 'Acme Widgets', pendingName: 'Acme Two' });

    const bad = await decide(acme.id, { decision: 'Maybe', name: 'Acme Two' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: companyNames.badDecision });
    const noName = await decide(acme.id, { decision: 'Approved' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ message: companyNames.nameRequired });

    const unknown = await decide('00000000-0000-4000-8000-000000000000', { decision: 'Approved', name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: notFound.company });

    // Two staff deciding at once: one decision is made, the other is told.
    const other = await w.staff({ firstName: 'Om', lastName: 'Das' });
    const results = await Promise.all([
      decide(acme.id, { decision: 'Approved', name: 'Acme Two' }),
      decide(acme.id, { decision: 'Rejected', name: 'Acme Two' }, other.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      (await trail(acme.id)).filter((r) => r.event === 'Approved' || r.event === 'Rejected'),
    ).toHaveLength(1);
    expect((await stored(acme.id)).pendingName).toBeNull();
  });
});
