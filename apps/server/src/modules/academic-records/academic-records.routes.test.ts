import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcademicChangeRequestPage } from '@portal/contracts/academic-records';
import type { VacancyListing } from '@portal/contracts/jobs';
import { applying, invalid, staffRecords, verification } from '@portal/contracts/messages';
import type { ApplicantDetails, ApplicantRow } from '@portal/contracts/pipeline';
import type { StaffStudentDetails, StudentPage, UpdateStudentDetails } from '@portal/contracts/staff';
import {
  type AcademicValues,
  DEFAULT_ROLL_NUMBER_FORMAT,
  type StudentRecord,
} from '@portal/contracts/students';
import { academicChangeRequests, notifications } from '../../db/schema.ts';
import { type SmtpServer, startSmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { type Company, type Person, recordForm, world, type World } from '../../test/world.ts';

let t: TestApp;
let smtp: SmtpServer;
let w: World;
let nisha: Person;
let ravi: Person;
let company: Company;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    mail: { ...testConfig().mail, smtpUrl: smtp.url, appUrl: 'https://portal.test' },
  });
  w = world(t);
  nisha = await w.staff({ firstName: 'Nisha', lastName: 'Rao' });
  ravi = await w.staff({ firstName: 'Ravi', lastName: 'Kumar' });
  company = await w.company({ company: 'Acme Corp' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const academics = (changes: Partial<AcademicValues> = {}) => ({
  rollNumber: `21BCE${700 + counter}`,
  degrees: ['B.Tech'],
  collegeName: 'GEC',
  cgpa: 8,
  yearOfPassing: 2026,
  ...changes,
});

const studentSave = (cookie: string, value: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/student/updateProfileDetail',
    headers: { cookie },
    payload: { typ: 'educationalDetails', value },
  });

let counter = 0;
/** A student with academic details entered by themselves (unverified). */
async function newStudent(changes: Partial<AcademicValues> = {}) {
  counter += 1;
  const s = await w.student({
    firstName: 'Kavya',
    lastName: `Iyer${counter}`,
    academics: academics(changes),
  });
  // Apply needs a resume as well as the academic details.
  await w.resume(s);
  return s;
}

const ownRecord = async (cookie: string) =>
  (await t.app.inject({ url: '/api/student/getUserData', headers: { cookie } })).json()
    .message as StudentRecord;

const details = async (id: string) =>
  (
    await t.app.inject({
      url: `/api/college-staff/getStudentDetails/${id}`,
      headers: { cookie: nisha.cookie },
    })
  ).json().message as StaffStudentDetails;

const staffSave = (payload: UpdateStudentDetails, cookie = nisha.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/college-staff/updateStudentDetails',
    headers: { cookie },
    payload,
  });

/** Staff tick "Verified" on the record page and save. */
async function verify(id: string, cookie = nisha.cookie) {
  const body = recordForm(await details(id));
  body.educationalDetails.verified = true;
  const response = await staffSave(body, cookie);
  expect(response.json()).toEqual({ message: staffRecords.saved });
}

const requests = async (query = '') => {
  const response = await t.app.inject({
    url: `/api/college-staff/academicChangeRequests${query}`,
    headers: { cookie: nisha.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().message as AcademicChangeRequestPage;
};
const requestOf = async (studentId: string, status = 'Pending') =>
  (await requests(`?status=${status}&pageSize=100`)).items.find((r) => r.student._id === studentId);

const decide = (id: string, payload: Record<string, unknown>, cookie = ravi.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/college-staff/academicChangeRequests/${id}`,
    headers: { cookie },
    payload,
  });

const setRequireVerified = (requireVerifiedAcademics: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/college-staff/settings',
    headers: { cookie: nisha.cookie },
    payload: { requireVerifiedAcademics },
  });

const postJob = (value: Record<string, unknown> = {}) => w.job(company, value);

const apply = (cookie: string, jobID: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/student/jobApplyByStudent',
    headers: { cookie },
    payload: { jobID },
  });

const reasonFor = async (cookie: string, jobId: string) => {
  const listing = (await t.app.inject({ url: '/api/student/getJobs', headers: { cookie } })).json()
    .message as VacancyListing;
  return listing.flatMap((c) => c.jobs).find((j) => j._id === jobId)?.notEligibleReason;
};

const noticesOf = (accountId: string) =>
  t.db.select().from(notifications).where(eq(notifications.accountId, accountId));

describe('staff verification of academic details', () => {
  it('stamps who verified and when, audits it, and shows it to the student', async () => {
    const s = await newStudent();
    const before = await details(s.id);
    expect(before.educationalDetails).toMatchObject({ verified: false, verification: null });

    const started = Date.now();
    await verify(s.id);

    const after = await details(s.id);
    expect(after.educationalDetails.verified).toBe(true);
    expect(after.educationalDetails.verification?.by).toBe('Nisha Rao');
    expect(Date.parse(after.educationalDetails.verification!.at)).toBeGreaterThanOrEqual(started - 1000);
    expect(after.version).toBe(before.version + 1);
    expect(after.audit[0]).toMatchObject({
      field: 'Academic details verified',
      oldValue: 'No',
      newValue: 'Yes',
      by: 'Nisha Rao',
    });
    expect((await ownRecord(s.cookie)).educationalDetails.verification).toEqual(
      after.educationalDetails.verification,
    );

    // Saved again as it is: nothing changed, so the stamp stays Nisha's.
    const again = await staffSave(recordForm(after));
    expect(again.json()).toEqual({ message: staffRecords.noChanges });
  });

  it('re-stamps an edit of verified facts with the editor, keeps it when verified is omitted, clears it on false', async () => {
    const s = await newStudent({ cgpa: 7.5 });
    await w.verify(s, nisha);

    const edit = recordForm(await details(s.id));
    edit.educationalDetails.cgpa = 7.8;
    expect((await staffSave(edit, ravi.cookie)).statusCode).toBe(200);
    const edited = await details(s.id);
    expect(edited.educationalDetails).toMatchObject({ cgpa: 7.8, verified: true });
    expect(edited.educationalDetails.verification?.by).toBe('Ravi Kumar');

    const omitted = recordForm(edited);
    delete omitted.educationalDetails.verified;
    omitted.personalDetail.phone = '9000000009';
    expect((await staffSave(omitted)).statusCode).toBe(200);
    expect((await details(s.id)).educationalDetails.verification?.by).toBe('Ravi Kumar');

    const cleared = recordForm(await details(s.id));
    cleared.educationalDetails.verified = false;
    expect((await staffSave(cleared)).json()).toEqual({ message: staffRecords.saved });
    const after = await details(s.id);
    expect(after.educationalDetails).toMatchObject({ verified: false, verification: null });
    expect(after.audit[0]).toMatchObject({
      field: 'Academic details verified',
      oldValue: 'Yes',
      newValue: 'No',
      by: 'Nisha Rao',
    });
  });
});

describe("a student's change to verified academic details", () => {
  it('becomes a request: the record, the staff list and eligibility keep the verified values', async () => {
    const s = await newStudent({ cgpa: 8 });
    await w.verify(s, nisha);
    const job = await postJob({ minCgpa: 8.5 });
    const version = (await details(s.id)).version;

    const response = await studentSave(s.cookie, academics({ cgpa: 9, yearOfPassing: 2027 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: verification.sentForApproval });

    const own = await ownRecord(s.cookie);
    expect(own.educationalDetails).toMatchObject({ cgpa: 8, yearOfPassing: 2026, verified: true });
    expect(own.pendingAcademicChange?.newValues).toEqual(academics({ cgpa: 9, yearOfPassing: 2027 }));

    const record = await details(s.id);
    expect(record.educationalDetails.cgpa).toBe(8);
    expect(record.version).toBe(version);
    expect(record.pendingAcademicChange).toEqual(own.pendingAcademicChange);
    expect(record.audit.filter((a) => a.field === 'CGPA' && a.newValue === '9')).toEqual([]);

    const list = (
      await t.app.inject({
        url: `/api/college-staff/students?search=${encodeURIComponent(s.name)}`,
        headers: { cookie: nisha.cookie },
      })
    ).json().message as StudentPage;
    expect(list.items.map((c) => c.cgpa)).toEqual([8]);

    expect(await reasonFor(s.cookie, job._id)).toBe(applying.minCgpa(8.5, 8));
    const refused = await apply(s.cookie, job._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: applying.minCgpa(8.5, 8) });

    const request = await requestOf(s.id);
    expect(request).toMatchObject({
      student: { _id: s.id, name: s.name, emailID: s.email },
      oldValues: academics({ cgpa: 8 }),
      newValues: academics({ cgpa: 9, yearOfPassing: 2027 }),
      status: 'Pending',
      reason: '',
      decidedBy: null,
      decidedAt: null,
    });
    expect(request?._id).toBe(own.pendingAcademicChange?._id);
  });

  it('replaces the waiting request with a newer change; the old values stay the verified ones', async () => {
    const s = await newStudent({ cgpa: 8 });
    await w.verify(s, nisha);
    await studentSave(s.cookie, academics({ cgpa: 9 }));
    const first = await requestOf(s.id);

    const second = await studentSave(s.cookie, academics({ cgpa: 9.5 }));
    expect(second.json()).toEqual({ message: verification.sentForApproval });

    const waiting = (await requests('?pageSize=100')).items.filter((r) => r.student._id === s.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ oldValues: { cgpa: 8 }, newValues: { cgpa: 9.5 } });
    // A decision about the replaced request cannot apply values staff never saw.
    const stale = await decide(first!._id, { decision: 'Approved' });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({ message: verification.requestNotFound });
    expect((await details(s.id)).educationalDetails.cgpa).toBe(8);
  });

  it('withdraws the waiting request when the student saves the verified values again', async () => {
    const s = await newStudent({ cgpa: 8 });
    await w.verify(s, nisha);
    await studentSave(s.cookie, academics({ cgpa: 9 }));
    expect(await requestOf(s.id)).toBeDefined();

    const back = await studentSave(s.cookie, academics({ cgpa: 8 }));
    expect(back.statusCode).toBe(200);
    expect((back.json().message as StudentRecord).pendingAcademicChange).toBeNull();
    expect(await requestOf(s.id)).toBeUndefined();
  });
});

describe('deciding a change request', () => {
  it('approval applies the change, audited with the approver, still verified, and tells the student', async () => {
    const s = await newStudent({ cgpa: 8 });
    await w.verify(s, nisha);
    await studentSave(s.cookie, academics({ cgpa: 8.6, degrees: ['B.Tech', 'M.Tech'] }));
    const request = await requestOf(s.id);
    const before = await details(s.id);

    const response = await decide(request!._id, { decision: 'Approved' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: verification.approved });

    const after = await details(s.id);
    expect(after.educationalDetails).toMatchObject({
      cgpa: 8.6,
      degrees: ['B.Tech', 'M.Tech'],
      verified: true,
    });
    expect(after.educationalDetails.verification?.by).toBe('Ravi Kumar');
    expect(after.version).toBe(before.version + 1);
    expect(after.pendingAcademicChange).toBeNull();
    const added = after.audit.slice(0, after.audit.length - before.audit.length);
    expect(added.map((a) => [a.field, a.oldValue, a.newValue, a.by]).sort()).toEqual([
      ['CGPA', '8', '8.6', 'Ravi Kumar'],
      ['Degrees', 'B.Tech', 'B.Tech, M.Tech', 'Ravi Kumar'],
    ]);

    const notices = await noticesOf(s.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      sender: 'Placement cell',
      title: verification.approvedTitle,
      body: verification.approvedNotice('Degrees, CGPA'),
    });
    const email = await smtp.next(s.email, /approved/);
    expect(email.subject).toBe('Your change to your academic details was approved');
    expect(email.text).toContain(verification.approvedNotice('Degrees, CGPA'));
    expect(email.text).toContain('https://portal.test/student/academicDetails');

    const approved = await requestOf(s.id, 'Approved');
    expect(approved).toMatchObject({ status: 'Approved', decidedBy: 'Ravi Kumar' });
    expect(approved?.decidedAt).not.toBeNull();

    const twice = await decide(request!._id, { decision: 'Rejected' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: verification.alreadyDecided });
  });

  it('rejection keeps the verified values and the reason, and tells the student why', async () => {
    const s = await newStudent({ cgpa: 8 });
    await w.verify(s, nisha);
    await studentSave(s.cookie, academics({ cgpa: 9.9 }));
    const request = await requestOf(s.id);
    const before = await details(s.id);

    const reason = 'The marksheet shows 8.0.';
    const response = await decide(request!._id, { decision: 'Rejected', reason: `  ${reason} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: verification.rejected });

    const after = await details(s.id);
    expect(after.educationalDetails).toMatchObject({ cgpa: 8, verified: true });
    expect(after.educationalDetails.verification).toEqual(before.educationalDetails.verification);
    expect(after.version).toBe(before.version);
    expect(after.audit).toEqual(before.audit);
    expect(after.pendingAcademicChange).toBeNull();
    expect(await requestOf(s.id, 'Rejected')).toMatchObject({ reason, decidedBy: 'Ravi Kumar' });

    const [notice] = await noticesOf(s.id);
    expect(notice).toMatchObject({
      title: verification.rejectedTitle,
      body: verification.rejectedNotice('CGPA', reason),
    });
    const email = await smtp.next(s.email, /not approved/);
    expect(email.text).toContain(`Reason: ${reason}`);
  });

  it('lets one of two staff deciding at once win; the other is told it was decided', async () => {
    const s = await newStudent({ cgpa: 8 });
    await w.verify(s, nisha);
    await studentSave(s.cookie, academics({ cgpa: 8.2 }));
    const request = await requestOf(s.id);

    const answers = await Promise.all([
      decide(request!._id, { decision: 'Approved' }, ravi.cookie),
      decide(request!._id, { decision: 'Rejected' }, nisha.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
      message: verification.alreadyDecided,
    });
    expect(await noticesOf(s.id)).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(academicChangeRequests)
      .where(eq(academicChangeRequests.id, request!._id));
    const cgpa = (await details(s.id)).educationalDetails.cgpa;
    expect(cgpa).toBe(row?.status === 'Approved' ? 8.2 : 8);
  });

  it('refuses an unknown request, a bad decision and a long reason, changing nothing', async () => {
    const unknown = await decide('00000000-0000-4000-8000-000000000000', { decision: 'Approved' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: verification.requestNotFound });

    const s = await newStudent({ cgpa: 8 });
    await w.verify(s, nisha);
    await studentSave(s.cookie, academics({ cgpa: 8.1 }));
    const request = await requestOf(s.id);
    const bad = await decide(request!._id, { decision: 'Maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: verification.badDecision });
    const long = await decide(request!._id, { decision: 'Rejected', reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: invalid.reason });
    expect((await requestOf(s.id))?.status).toBe('Pending');

    const badStatus = await t.app.inject({
      url: '/api/college-staff/academicChangeRequests?status=Done',
      headers: { cookie: nisha.cookie },
    });
    expect(badStatus.statusCode).toBe(400);
  });
});

describe('only verified students can apply', () => {
  afterEach(async () => {
    await setRequireVerified(false);
  });

  it('is off by default; on, an unverified student is told why and refused, a verified one applies', async () => {
    const settings = await t.app.inject({
      url: '/api/college-staff/settings',
      headers: { cookie: nisha.cookie },
    });
    expect(settings.json()).toEqual({
      message: { requireVerifiedAcademics: false, rollNumberFormat: DEFAULT_ROLL_NUMBER_FORMAT },
    });

    const unverified = await newStudent({ cgpa: 9 });
    const verified = await newStudent({ cgpa: 9 });
    await w.verify(verified, nisha);
    const job = await postJob({ role: 'Analyst' });
    expect(await reasonFor(unverified.cookie, job._id)).toBeNull();

    const saved = await setRequireVerified(true);
    expect(saved.json()).toEqual({
      message: { requireVerifiedAcademics: true, rollNumberFormat: DEFAULT_ROLL_NUMBER_FORMAT },
    });
    expect(await reasonFor(unverified.cookie, job._id)).toBe(verification.notVerified);
    const refused = await apply(unverified.cookie, job._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: verification.notVerified });

    expect(await reasonFor(verified.cookie, job._id)).toBeNull();
    expect((await apply(verified.cookie, job._id)).statusCode).toBe(201);

    await setRequireVerified(false);
    expect(await reasonFor(unverified.cookie, job._id)).toBeNull();
    expect((await apply(unverified.cookie, job._id)).statusCode).toBe(201);
  });

  it('tells only verified students about a new job while it is on', async () => {
    const unverified = await newStudent({ cgpa: 9 });
    const verified = await newStudent({ cgpa: 9 });
    await w.verify(verified, nisha);
    await setRequireVerified(true);
    await postJob({ role: 'Verified-only role' });
    await t.app.workers.drain('announcements');
    const titles = async (id: string) => (await noticesOf(id)).map((n) => n.title);
    expect(await titles(verified.id)).toContain('New job: Verified-only role');
    expect(await titles(unverified.id)).not.toContain('New job: Verified-only role');
  });

  it('refuses a setting that is not a yes or no', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/college-staff/settings',
      headers: { cookie: nisha.cookie },
      payload: { requireVerifiedAcademics: 'sometimes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please say whether only verified students can apply.' });
  });
});

describe('the eligibility snapshot', () => {
  it('shows the company the academic facts the application was decided on, as they were', async () => {
    const s = await newStudent({ cgpa: 8.4, degrees: ['B.Tech'], yearOfPassing: 2026 });
    await w.verify(s, nisha);
    const job = await postJob({ role: 'Snapshot role' });
    expect((await apply(s.cookie, job._id)).statusCode).toBe(201);

    // Corrected afterwards: the snapshot keeps what eligibility was decided on.
    const later = recordForm(await details(s.id));
    later.educationalDetails.cgpa = 7.9;
    later.educationalDetails.verified = false;
    await staffSave(later);

    const rows = (
      await t.app.inject({
        url: `/api/company/applicants?jobId=${job._id}`,
        headers: { cookie: company.cookie },
      })
    ).json().message.items as ApplicantRow[];
    const applicant = (
      await t.app.inject({
        url: `/api/company/applicantDetails/${rows[0]!._id}`,
        headers: { cookie: company.cookie },
      })
    ).json().message as ApplicantDetails;
    expect(applicant.eligibilitySnapshot).toEqual({
      cgpa: 8.4,
      degrees: ['B.Tech'],
      yearOfPassing: 2026,
      verified: true,
    });
    expect(applicant.student!.educationalDetails.cgpa).toBe(7.9);
  });
});

describe("a student's own edits of unverified academic details", () => {
  it('are audited with the student as actor: a CGPA changed and changed back shows both changes', async () => {
    const s = await newStudent({ cgpa: 7 });
    expect((await studentSave(s.cookie, academics({ cgpa: 8 }))).statusCode).toBe(200);
    const back = await studentSave(s.cookie, academics({ cgpa: 7 }));
    expect((back.json().message as StudentRecord).educationalDetails.cgpa).toBe(7);

    const audit = (await details(s.id)).audit;
    expect(audit.filter((a) => a.field === 'CGPA').map((a) => [a.oldValue, a.newValue, a.by])).toEqual([
      ['8', '7', s.name],
      ['7', '8', s.name],
      ['', '7', s.name],
    ]);
    // The first entry of every field is audited too, under the labels staff edits use.
    expect(new Set(audit.map((a) => a.field))).toEqual(
      new Set(['Roll number', 'Degrees', 'College name', 'CGPA', 'Year of passing']),
    );
  });

  it('writes nothing when nothing changed', async () => {
    const s = await newStudent({ cgpa: 7 });
    const before = await details(s.id);
    expect((await studentSave(s.cookie, academics({ cgpa: 7 }))).statusCode).toBe(200);
    const after = await details(s.id);
    expect(after.audit).toEqual(before.audit);
    expect(after.version).toBe(before.version);
  });
});
