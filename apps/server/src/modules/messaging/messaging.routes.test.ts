import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messaging } from '@portal/contracts/messages';
import { MESSAGES_PER_HOUR } from '@portal/contracts/messaging';
import { stages, type StudentApplication } from '@portal/contracts/applications';
import { messageRecipients, messages, notifications, outboxEmails } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let company: Company;
let other: Company;
let staff: Person;

beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  company = await w.company({ company: 'Initech' });
  other = await w.company({ company: 'Globex' });
  staff = await w.staff({ firstName: 'Meera', lastName: 'Iyer' });
});
afterAll(() => t.close());

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

type Student = Person & { applicationId: string };

/** A student named `firstName` `lastName`, with academics (and `academics`' changes). */
const student = (firstName: string, lastName = 'Rao', academics: object = {}) =>
  w.student({ firstName, lastName, academics });

const apply = (jobId: string, firstName: string): Promise<Student> =>
  w.applicant(jobId, { firstName, lastName: 'Rao' });

const shortlist = (applicationId: string) => w.move(company, applicationId, { stage: 'Shortlisted' });

const text = {
  subject: 'Online assessment for {jobRole}',
  body: 'Hi {firstName}, {company} invites you: your application is at {stage}.',
};

/** The account's notifications other than those of stage moves (titled by the stage). */
const notificationsOf = async (accountId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.accountId, accountId))).filter(
    (n) => !(stages as readonly string[]).includes(n.title),
  );
const emailsTo = (to: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, to));
const messageCount = async () => (await t.db.select({ n: count() }).from(messages))[0]!.n;

describe('a company messages the applicants of a job at a stage', () => {
  let jobId: string;
  let asha: Student;
  let ravi: Student;
  let kiran: Student;

  beforeAll(async () => {
    jobId = (await w.job(company, { role: 'Data Analyst' }))._id;
    asha = await apply(jobId, 'Asha');
    ravi = await apply(jobId, 'Ravi');
    kiran = await apply(jobId, 'Kiran');
    await shortlist(asha.applicationId);
    await shortlist(ravi.applicationId);
    // Ravi wants no emails about his applications: the message reaches him as a notification only.
    await req(ravi.cookie, 'PUT', '/api/student/emailSettings', { stageChanges: false, interviews: true });
  });

  it('previews the text for the first applicant and counts the recipients, writing nothing', async () => {
    const before = await messageCount();
    const response = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages/preview`, {
      stage: 'Shortlisted',
      ...text,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual({
      recipientCount: 2,
      recipient: {
        name: 'Asha Rao',
        values: { firstName: 'Asha', jobRole: 'Data Analyst', company: 'Initech', stage: 'Shortlisted' },
      },
      subject: 'Online assessment for Data Analyst',
      body: 'Hi Asha, Initech invites you: your application is at Shortlisted.',
    });
    const forRavi = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages/preview`, {
      stage: 'Shortlisted',
      applicationId: ravi.applicationId,
      ...text,
    });
    expect(forRavi.json().message.body).toBe(
      'Hi Ravi, Initech invites you: your application is at Shortlisted.',
    );
    const notAtStage = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages/preview`, {
      stage: 'Shortlisted',
      applicationId: kiran.applicationId,
      ...text,
    });
    expect(notAtStage.statusCode).toBe(404);
    expect(await messageCount()).toBe(before);
    expect(await notificationsOf(asha.id)).toHaveLength(0);
  });

  it('refuses an unknown placeholder by name, and a missing or long subject', async () => {
    const unknown = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages`, {
      stage: 'Shortlisted',
      subject: 'Hello {name}',
      body: 'Hi {firstName} {foo}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('{name}');
    const body = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages`, {
      stage: 'Shortlisted',
      subject: 'Hello',
      body: 'Hi {foo}',
    });
    expect(body.json()).toEqual({
      message: 'Unknown placeholder {foo}. Please use only {firstName}, {jobRole}, {company} and {stage}.',
    });
    const blank = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages`, {
      stage: 'Shortlisted',
      subject: '  ',
      body: 'Hi',
    });
    expect(blank.json()).toEqual({ message: 'Please enter a subject of at most 150 characters.' });
    const long = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages`, {
      stage: 'Shortlisted',
      subject: 'x'.repeat(151),
      body: 'Hi',
    });
    expect(long.statusCode).toBe(400);
    expect(await messageCount()).toBe(0);
  });

  it('sends each applicant at the stage their own text, notifies all and emails those who want it', async () => {
    const response = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages`, {
      stage: 'Shortlisted',
      ...text,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Message sent to 2 recipients.' });

    const [toAsha] = await notificationsOf(asha.id);
    expect(toAsha).toMatchObject({
      sender: 'Initech (recruiter)',
      title: 'Online assessment for Data Analyst',
      body: 'Hi Asha, Initech invites you: your application is at Shortlisted.',
    });
    const [toRavi] = await notificationsOf(ravi.id);
    expect(toRavi?.body).toBe('Hi Ravi, Initech invites you: your application is at Shortlisted.');
    // Kiran is still at Form Submitted: nothing for him.
    expect(await notificationsOf(kiran.id)).toHaveLength(0);

    const ashaEmails = (await emailsTo(asha.email)).filter((e) => e.kind === 'message');
    expect(ashaEmails).toHaveLength(1);
    expect(ashaEmails[0]).toMatchObject({
      subject: 'Initech (recruiter): Online assessment for Data Analyst',
    });
    expect((await emailsTo(ravi.email)).filter((e) => e.kind === 'message')).toHaveLength(0);

    const recipients = await t.db.select().from(messageRecipients);
    expect(recipients.map((r) => r.applicationId).sort()).toEqual(
      [asha.applicationId, ravi.applicationId].sort(),
    );
  });

  it('lists what was sent for the job', async () => {
    const list = await req(company.cookie, 'GET', `/api/company/jobs/${jobId}/messages`);
    expect(list.statusCode).toBe(200);
    expect(list.json().message).toMatchObject({
      total: 1,
      items: [
        {
          stage: 'Shortlisted',
          subject: text.subject,
          body: text.body,
          sentBy: 'Initech (recruiter)',
          recipientCount: 2,
        },
      ],
    });
  });

  it('shows the filled message on the timeline of the student and of the company', async () => {
    const mine = (await req(asha.cookie, 'GET', '/api/student/applications')).json()
      .message as StudentApplication[];
    const history = mine.find((a) => a._id === asha.applicationId)!.history;
    expect(history.map((h) => h.message?.subject ?? h.stage)).toEqual([
      'Form Submitted',
      'Shortlisted',
      'Online assessment for Data Analyst',
    ]);
    expect(history[2]).toMatchObject({
      stage: 'Shortlisted',
      by: 'Initech (recruiter)',
      message: { body: 'Hi Asha, Initech invites you: your application is at Shortlisted.' },
    });
    const details = (
      await req(company.cookie, 'GET', `/api/company/applicantDetails/${ravi.applicationId}`)
    ).json().message as { history: StudentApplication['history'] };
    expect(details.history.at(-1)?.message?.body).toBe(
      'Hi Ravi, Initech invites you: your application is at Shortlisted.',
    );
    const kirans = (await req(kiran.cookie, 'GET', '/api/student/applications')).json()
      .message as StudentApplication[];
    expect(kirans[0]!.history.some((h) => h.message)).toBe(false);
  });

  it('says so when nobody is at the stage', async () => {
    const response = await req(company.cookie, 'POST', `/api/company/jobs/${jobId}/messages`, {
      stage: 'HR Interview',
      ...text,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'No applicants at this stage.' });
  });

  it("answers 404 for another company's job, sending and previewing and listing nothing", async () => {
    const before = await messageCount();
    for (const [method, url] of [
      ['POST', `/api/company/jobs/${jobId}/messages`],
      ['POST', `/api/company/jobs/${jobId}/messages/preview`],
      ['GET', `/api/company/jobs/${jobId}/messages`],
    ] as const) {
      const response = await req(
        other.cookie,
        method,
        url,
        method === 'POST' ? { stage: 'Shortlisted', ...text } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Job not found.' });
    }
    expect(await messageCount()).toBe(before);
  });
});

describe('staff message a filtered student list', () => {
  it('previews and sends to exactly the students the filters choose', async () => {
    const zara = await student('Zarathustra', 'Placed', { yearOfPassing: 2027 });
    const zeno = await student('Zarathustrb', 'Open', { yearOfPassing: 2027 });
    const other = await student('Zarathustrc', 'Other', { yearOfPassing: 2025 });
    const body = {
      subject: 'Pre-placement talk',
      body: 'Dear {firstName}, from {company}.',
      filters: { search: 'zarathustr', year: 2027 },
    };
    const preview = await req(staff.cookie, 'POST', '/api/college-staff/messages/preview', body);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().message).toMatchObject({
      recipientCount: 2,
      recipient: { name: 'Zarathustra Placed' },
      body: 'Dear Zarathustra, from Placement cell.',
    });
    const sent = await req(staff.cookie, 'POST', '/api/college-staff/messages', body);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ message: 'Message sent to 2 recipients.' });
    expect((await notificationsOf(zara.id))[0]).toMatchObject({
      sender: 'Placement cell (Meera Iyer)',
      title: 'Pre-placement talk',
      body: 'Dear Zarathustra, from Placement cell.',
    });
    expect((await notificationsOf(zeno.id))[0]?.body).toBe('Dear Zarathustrb, from Placement cell.');
    expect(await notificationsOf(other.id)).toHaveLength(0);
    const [stored] = await t.db.select().from(messages).where(eq(messages.senderRole, 'college-staff'));
    expect(stored).toMatchObject({
      filters: 'name starts with "zarathustr", year 2027',
      recipientCount: 2,
      jobId: null,
    });

    const none = await req(staff.cookie, 'POST', '/api/college-staff/messages', {
      ...body,
      filters: { search: 'nobody-by-this-name' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'No students match these filters.' });
  });
});

describe('the hourly limit', () => {
  it('refuses a sender who sent MESSAGES_PER_HOUR messages in the last hour, with 429', async () => {
    const busy = await w.staff({ firstName: 'Busy' });
    await t.db.insert(messages).values(
      Array.from({ length: MESSAGES_PER_HOUR }, () => ({
        senderId: busy.id,
        senderRole: 'college-staff' as const,
        senderName: 'Placement cell (Busy Verma)',
        subject: 'Earlier',
        body: 'Earlier',
        recipientCount: 1,
      })),
    );
    const response = await req(busy.cookie, 'POST', '/api/college-staff/messages', {
      subject: 'One more',
      body: 'Hello',
      filters: {},
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: messaging.rateLimited(MESSAGES_PER_HOUR) });
  });
});
