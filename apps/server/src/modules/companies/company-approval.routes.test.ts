import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '@portal/contracts/companies';
import type { VacancyListing } from '@portal/contracts/jobs';
import { approval, invalid, jobs as jobMessages, notFound, staffActions } from '@portal/contracts/messages';
import type { NotificationList } from '@portal/contracts/notifications';
import type { CompanyDetails, CompanyPage } from '@portal/contracts/staff';
import { accounts, companies, companyStatusChanges, outboxEmails } from '../../db/schema.ts';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { multipart, PNG } from '../../test/uploads.ts';
import { type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let smtp: SmtpServer;
let w: World;
let staff: Person;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    mail: { ...testConfig().mail, smtpUrl: smtp.url, appUrl: 'https://portal.test' },
  });
  w = world(t);
  staff = await w.staff({ firstName: 'Nisha', lastName: 'Rao' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

const companyRecord = async (cookie: string) =>
  (await get('/api/company/getCompanyData', cookie)).json().message as CompanyRecord;

/** A company as it signs up: Pending. */
const pendingCompany = (name: string, firstName = 'Ravi') =>
  w.company({ company: name, firstName, approved: false });

const setStatus = (id: string, payload: Record<string, unknown>, cookie = staff.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/college-staff/companies/${id}/status`,
    headers: { cookie },
    payload,
  });

const vacancyCompanies = async (cookie: string) =>
  ((await get('/api/student/getJobs', cookie)).json().message as VacancyListing).map((c) => c.companyName);

const notificationTitles = async (cookie: string) =>
  ((await get('/api/notifications', cookie)).json().message as NotificationList).items.map((n) => n.title);

const emailsTo = (recipient: string) =>
  t.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.recipient, recipient))
    .orderBy(outboxEmails.createdAt);

const pictureForm = () => multipart('profilePicture', 'me.png', 'image/png', PNG);

describe('a company awaiting approval', () => {
  it('signs up Pending, edits its profile and posts jobs, but sees no student until approved', async () => {
    const company = await pendingCompany('Waiting Works');
    const student = await w.student();
    const form = pictureForm();
    await t.app.inject({
      method: 'POST',
      url: '/api/student/uploadProfilePicture',
      payload: form.payload,
      headers: { ...form.headers, cookie: student.cookie },
    });
    const studentRecord = (await get('/api/student/getUserData', student.cookie)).json().message;
    const picture = studentRecord.personalDetail.profilePicture as string;

    expect((await companyRecord(company.cookie)).role).toBe('Pending');
    const [stored] = await t.db.select().from(accounts).where(eq(accounts.id, company.id));
    expect(stored?.status).toBe('Pending');

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/company/companyProfileUpdate',
      headers: { cookie: company.cookie },
      payload: {
        firstName: 'Ravi',
        lastName: 'Shah',
        phone: '9876500000',
        staffID: '9',
        company: 'Waiting Works',
      },
    });
    expect(profile.statusCode).toBe(200);
    const ownPicture = pictureForm();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/company/uploadProfilePicture',
      payload: ownPicture.payload,
      headers: { ...ownPicture.headers, cookie: company.cookie },
    });
    expect(uploaded.statusCode).toBe(200);
    const ownUrl = (await companyRecord(company.cookie)).personalDetail.profilePicture;
    expect((await get(ownUrl, company.cookie)).statusCode).toBe(200);

    for (const url of [
      '/api/company/students',
      `/api/company/getStudentDetails/${studentRecord._id}`,
      picture,
    ]) {
      const refused = await get(url, company.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({ message: approval.awaiting });
    }

    const job = await w.job(company, { role: 'Waiting Analyst' });
    expect(await vacancyCompanies(student.cookie)).not.toContain('Waiting Works');
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/student/jobApplyByStudent',
      headers: { cookie: student.cookie },
      payload: { jobID: job._id },
    });
    expect(applied.statusCode).toBe(404);
    expect(applied.json()).toEqual({ message: jobMessages.notFound });
    expect(await notificationTitles(student.cookie)).not.toContain('New job: Waiting Analyst');

    // Approved: the students eligible for its open job hear of it, and it sees them.
    expect((await setStatus(company.id, { role: 'Allowed' })).json()).toEqual({
      message: staffActions.companyApproved,
    });
    await t.app.workers.drain('announcements');
    expect(await notificationTitles(student.cookie)).toContain('New job: Waiting Analyst');
    expect(await vacancyCompanies(student.cookie)).toContain('Waiting Works');
    expect((await get('/api/company/students', company.cookie)).statusCode).toBe(200);
    expect((await get(picture, company.cookie)).statusCode).toBe(200);
    const profileRead = await get(`/api/company/getStudentDetails/${studentRecord._id}`, company.cookie);
    expect(profileRead.statusCode).toBe(200);
  });
});

describe('staff deciding on companies', () => {
  it('lists pending companies first, then by name, and filters by status', async () => {
    const zeta = await pendingCompany('Zeta Pending');
    await w.company({ company: 'Alpha Approved' });
    const list = async (query = '') => {
      const response = await get(
        `/api/college-staff/companies${query ? `${query}&` : '?'}pageSize=100`,
        staff.cookie,
      );
      expect(response.statusCode).toBe(200);
      return (response.json().message as CompanyPage).items;
    };
    const all = await list();
    const firstAllowed = all.findIndex((c) => c.role !== 'Pending');
    expect(all.slice(0, firstAllowed).every((c) => c.role === 'Pending')).toBe(true);
    expect(all.slice(firstAllowed).some((c) => c.role === 'Pending')).toBe(false);
    expect(all.map((c) => c.company).indexOf('Zeta Pending')).toBeLessThan(
      all.map((c) => c.company).indexOf('Alpha Approved'),
    );
    const pendingNames = all.slice(0, firstAllowed).map((c) => c.company.toLowerCase());
    expect(pendingNames).toEqual([...pendingNames].sort());
    expect(all.find((c) => c._id === zeta.id)).toMatchObject({
      role: 'Pending',
      statusReason: '',
      signedUpAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const pending = await list('?status=Pending');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((c) => c.role === 'Pending')).toBe(true);
    expect(pending.map((c) => c.company)).toContain('Zeta Pending');
    expect((await list('?status=Allowed')).map((c) => c.company)).toContain('Alpha Approved');

    const bad = await get('/api/college-staff/companies?status=Debarred', staff.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: staffActions.badCompanyStatus });
  });

  it('approves with a reason kept in the trail, and emails and notifies the recruiter', async () => {
    const company = await pendingCompany('Trail Blazers', 'Kiran');
    const response = await setStatus(company.id, { role: 'Allowed', reason: '  Verified the GST number. ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: staffActions.companyApproved });

    const changes = await t.db
      .select()
      .from(companyStatusChanges)
      .where(eq(companyStatusChanges.companyId, company.id));
    expect(changes).toEqual([
      expect.objectContaining({
        status: 'Allowed',
        reason: 'Verified the GST number.',
        actorId: staff.id,
        actorName: 'Nisha Rao',
      }),
    ]);
    const [row] = await t.db.select().from(companies).where(eq(companies.accountId, company.id));
    expect(row?.statusReason).toBe('Verified the GST number.');

    expect((await emailsTo(company.email)).map((e) => e.kind)).toEqual(['company-approved']);
    const email = await smtp.next(company.email);
    expect(email.subject).toBe('Trail Blazers is approved on the Campus Placement Portal');
    expect(email.text).toContain('Hello Kiran,');
    expect(email.text).toContain('Note from the placement cell: Verified the GST number.');
    expect(email.text).toContain('https://portal.test/company/students');
    expect(await notificationTitles(company.cookie)).toEqual(['Company approved']);
  });

  it('rejects with a reason the company reads, refusing it everything else, and shows the history', async () => {
    const company = await pendingCompany('Shell Co', 'Mohan');
    const rejected = await setStatus(company.id, { role: 'Rejected', reason: 'Not a registered business.' });
    expect(rejected.json()).toEqual({ message: staffActions.companyRejected });

    const record = await get('/api/company/getCompanyData', company.cookie);
    expect(record.statusCode).toBe(200);
    expect(record.json().message).toMatchObject({
      role: 'Rejected',
      statusReason: 'Not a registered business.',
    });
    expect((await get('/api/', company.cookie)).json()).toMatchObject({ message: 'company' });
    for (const url of ['/api/company/jobs', '/api/notifications', '/api/company/emailSettings']) {
      const refused = await get(url, company.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({ message: approval.rejected });
    }
    const email = await smtp.next(company.email);
    expect(email.subject).toBe('Shell Co was not approved on the Campus Placement Portal');
    expect(email.text).toContain('Hello Mohan,');
    expect(email.text).toContain('Reason given by the placement cell: Not a registered business.');

    // Reconsidered: approved after all, and the reason shown becomes the new one (none).
    expect((await setStatus(company.id, { role: 'Allowed' })).json()).toEqual({
      message: staffActions.companyApproved,
    });
    expect((await companyRecord(company.cookie)).statusReason).toBe('');
    expect((await emailsTo(company.email)).map((e) => e.kind)).toEqual([
      'company-rejected',
      'company-approved',
    ]);

    const details = (await get(`/api/college-staff/companyDetails/${company.id}`, staff.cookie)).json()
      .message as CompanyDetails;
    expect(details.role).toBe('Allowed');
    expect(details.statusHistory).toEqual([
      { status: 'Allowed', reason: '', by: 'Nisha Rao', at: expect.any(String) },
      { status: 'Rejected', reason: 'Not a registered business.', by: 'Nisha Rao', at: expect.any(String) },
    ]);
    expect(Date.parse(details.statusHistory[0]!.at)).toBeGreaterThanOrEqual(
      Date.parse(details.statusHistory[1]!.at),
    );
  });

  it('answers each kind of change with its own message, emailing only approvals and rejections', async () => {
    const company = await pendingCompany('Cycle Corp');
    const steps: [string, string][] = [
      ['Allowed', staffActions.companyApproved],
      ['Suspended', staffActions.companySuspended],
      ['Allowed', staffActions.companyAllowed],
      ['Pending', staffActions.companyPending],
      ['Rejected', staffActions.companyRejected],
      ['Pending', staffActions.companyPending],
    ];
    for (const [role, message] of steps) {
      const response = await setStatus(company.id, { role });
      expect(response.statusCode, role).toBe(200);
      expect(response.json(), role).toEqual({ message });
    }
    expect((await emailsTo(company.email)).map((e) => e.kind)).toEqual([
      'company-approved',
      'company-rejected',
    ]);
    const history = (await get(`/api/college-staff/companyDetails/${company.id}`, staff.cookie)).json()
      .message as CompanyDetails;
    expect(history.statusHistory.map((h) => h.status)).toEqual(steps.map(([role]) => role).reverse());
  });

  it('refuses the same status, a bad status, a long reason and an unknown company, changing nothing', async () => {
    const company = await pendingCompany('Steady Ltd');
    const student = await w.student();
    const studentId = (await get('/api/student/getUserData', student.cookie)).json().message._id as string;

    const same = await setStatus(company.id, { role: 'Pending' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ message: staffActions.companyUnchanged('Pending') });

    const bad = await setStatus(company.id, { role: 'Debarred' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: staffActions.badCompanyStatus });

    const long = await setStatus(company.id, { role: 'Rejected', reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: invalid.reason });

    for (const id of [studentId, '00000000-0000-4000-8000-000000000000']) {
      const unknown = await setStatus(id, { role: 'Allowed' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: notFound.company });
    }

    expect((await companyRecord(company.cookie)).role).toBe('Pending');
    expect(
      await t.db.select().from(companyStatusChanges).where(eq(companyStatusChanges.companyId, company.id)),
    ).toEqual([]);
    expect(await emailsTo(company.email)).toEqual([]);
  });

  it('makes one change of two simultaneous approvals, and says so to the second', async () => {
    const company = await pendingCompany('Twice Inc');
    const other = await w.staff({ firstName: 'Om', lastName: 'Das' });
    const results = await Promise.all([
      setStatus(company.id, { role: 'Allowed' }),
      setStatus(company.id, { role: 'Allowed' }, other.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({
      message: staffActions.companyUnchanged('Allowed'),
    });
    expect(
      await t.db.select().from(companyStatusChanges).where(eq(companyStatusChanges.companyId, company.id)),
    ).toHaveLength(1);
    expect(await emailsTo(company.email)).toHaveLength(1);
  });
});
