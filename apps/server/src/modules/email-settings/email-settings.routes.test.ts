import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema.ts';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { type Company, world, type World } from '../../test/world.ts';

let t: TestApp;
let smtp: SmtpServer;
let w: World;
let company: Company;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    mail: { ...testConfig().mail, smtpUrl: smtp.url, appUrl: 'https://portal.test' },
  });
  w = world(t);
  company = await w.company({ firstName: 'Ravi', company: 'Initech' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const postJob = async (role: string) => (await w.job(company, { role }))._id;

/** A student named `firstName` Rao, with academics, who applies to the job through the app. */
async function apply(jobId: string, firstName: string) {
  const s = await w.student({ firstName, lastName: 'Rao', academics: true });
  await w.resume(s);
  expect((await req(s.cookie, 'POST', '/api/student/jobApplyByStudent', { jobID: jobId })).statusCode).toBe(
    201,
  );
  return s;
}

const move = (applicationId: string, body: object) =>
  req(company.cookie, 'POST', `/api/company/applications/${applicationId}/stage`, body);

/** The kinds of email queued for an address, oldest first: what was decided, sent or not. */
const queuedKinds = async (to: string) =>
  (
    await t.db
      .select({ kind: outboxEmails.kind })
      .from(outboxEmails)
      .where(eq(outboxEmails.recipient, to))
      .orderBy(outboxEmails.createdAt)
  ).map((r) => r.kind);

describe('email settings', () => {
  it('are all on for a new account, and each can be turned off and on', async () => {
    const s = await w.student();
    expect((await req(s.cookie, 'GET', '/api/student/emailSettings')).json()).toEqual({
      message: { stageChanges: true, interviews: true },
    });
    const saved = await req(s.cookie, 'PUT', '/api/student/emailSettings', {
      stageChanges: false,
      interviews: true,
    });
    expect(saved.json()).toEqual({ message: { stageChanges: false, interviews: true } });
    expect((await req(s.cookie, 'GET', '/api/student/emailSettings')).json().message.stageChanges).toBe(
      false,
    );

    expect((await req(company.cookie, 'GET', '/api/company/emailSettings')).json()).toEqual({
      message: { newApplicants: true },
    });
  });

  it('refuses a missing, non-boolean or unknown setting and keeps the stored ones', async () => {
    const s = await w.student();
    const missing = await req(s.cookie, 'PUT', '/api/student/emailSettings', { stageChanges: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'interviews must be true or false.' });
    const text = await req(s.cookie, 'PUT', '/api/student/emailSettings', {
      stageChanges: 'no',
      interviews: true,
    });
    expect(text.json()).toEqual({ message: 'stageChanges must be true or false.' });
    const unknown = await req(company.cookie, 'PUT', '/api/company/emailSettings', {
      newApplicants: false,
      newJobs: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'newJobs cannot be changed here.' });
    expect((await req(s.cookie, 'GET', '/api/student/emailSettings')).json().message).toEqual({
      stageChanges: true,
      interviews: true,
    });
    expect((await req(company.cookie, 'GET', '/api/company/emailSettings')).json().message).toEqual({
      newApplicants: true,
    });
  });
});

describe('emails about applications', () => {
  it('tells the company about each new applicant, unless it turned that off', async () => {
    const jobId = await postJob('Data Analyst');
    await apply(jobId, 'Anil');
    const mail = await smtp.next(company.email, /Anil Rao/);
    expect(mail.subject).toBe('New applicant for Data Analyst: Anil Rao');
    expect(mail.text).toContain('Hello Ravi,');
    expect(mail.text).toContain(`https://portal.test/company/applicants?jobId=${jobId}`);

    await req(company.cookie, 'PUT', '/api/company/emailSettings', { newApplicants: false });
    await apply(jobId, 'Bina');
    await req(company.cookie, 'PUT', '/api/company/emailSettings', { newApplicants: true });
    await apply(jobId, 'Chetan');
    await smtp.next(company.email, /Chetan Rao/);
    expect(smtp.to(company.email).map((m) => m.subject)).not.toContain(
      'New applicant for Data Analyst: Bina Rao',
    );
    // The first is the placement cell's approval of the company.
    expect(await queuedKinds(company.email)).toEqual(['company-approved', 'new-applicant', 'new-applicant']);
  });

  it('tells the student about a new stage and about an interview, as their settings say', async () => {
    const jobId = await postJob('SRE');
    const s = await w.applicant(jobId, { firstName: 'Divya', lastName: 'Rao' });

    await move(s.applicationId, { stage: 'Shortlisted' });
    const shortlisted = await smtp.next(s.email, /Shortlisted/);
    expect(shortlisted.subject).toBe('Initech (recruiter): your application for SRE is now at Shortlisted');
    expect(shortlisted.text).toContain('Your application for SRE at Initech is now at Shortlisted.');
    expect(shortlisted.text).toContain('https://portal.test/student/applicationStatus');

    await move(s.applicationId, {
      stage: 'Technical Interview',
      schedule: { at: '2099-03-10T09:00:00Z', place: 'Room 12' },
    });
    const interview = await smtp.next(s.email, /Technical Interview scheduled/);
    expect(interview.subject).toBe('Initech (recruiter): Technical Interview scheduled for SRE');
    expect(interview.text).toContain('scheduled for 10 Mar 2099, 2:30 pm IST');
    expect(interview.text).toContain('Where: Room 12');
    expect(interview.text).toContain('https://portal.test/student/interview');

    await move(s.applicationId, {
      stage: 'Technical Interview',
      schedule: { at: '2099-03-11T09:00:00Z', place: 'Online' },
    });
    const moved = await smtp.next(s.email, /rescheduled/);
    expect(moved.text).toContain('is now scheduled for 11 Mar 2099');

    // Interviews off: a scheduled move to a new stage still tells of the stage; stage changes off too: nothing.
    await req(s.cookie, 'PUT', '/api/student/emailSettings', { stageChanges: true, interviews: false });
    await move(s.applicationId, {
      stage: 'HR Interview',
      schedule: { at: '2099-03-12T09:00:00Z', place: 'Online' },
    });
    await smtp.next(s.email, /now at HR Interview/);
    await req(s.cookie, 'PUT', '/api/student/emailSettings', { stageChanges: false, interviews: false });
    await move(s.applicationId, { stage: 'Offer Letter', packageOffered: 12 });

    expect(await queuedKinds(s.email)).toEqual(['stage-change', 'interview', 'interview', 'stage-change']);
    // The in-app notification still arrives: only the email is off.
    const notes = (await req(s.cookie, 'GET', '/api/notifications')).json().message.items as {
      title: string;
    }[];
    expect(notes[0]!.title).toBe('Offer Letter');
  });
});
