import fs from 'node:fs/promises';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, erasure } from '@portal/contracts/messages';
import type { StaffStudentDetails, StudentCard, UpdateStudentDetails } from '@portal/contracts/staff';
import {
  academicChangeRequests,
  accounts,
  emailChangeTokens,
  messageRecipients,
  outboxEmails,
  studentAuditLog,
  studentImports,
  students,
} from '../../db/schema.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { PASSWORD, sessionCookie } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { type Company, recordForm, world, type World } from '../../test/world.ts';
import { multipart, PDF, PNG } from '../../test/uploads.ts';

/**
 * Erasure that erases (issue #26, finding 6): a student with a rich history is erased, and then
 * every table of the database, the outbox and the upload storage are searched for what identified
 * them. Nothing may be found; no table is allow-listed.
 */

let t: TestApp;
let w: World;
let staff: string;
let company: Company;
let otherCompany: Company;

beforeAll(async () => {
  // Sent emails keep their text (as the development outbox does): the worst case for what stays.
  t = await createTestApp({ mail: { ...testConfig().mail, devOutbox: true, appUrl: 'https://portal.test' } });
  w = world(t);
  staff = (await w.staff({ firstName: 'Meera', lastName: 'Iyer' })).cookie;
  company = await w.company({ company: 'Globex', firstName: 'Ravi', lastName: 'Menon' });
  otherCompany = await w.company({ company: 'Initech' });
});
afterAll(() => t.close());

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await response;
  expect(r.statusCode, r.body).toBe(status);
  return r;
};

const details = async (id: string) =>
  (await req(staff, 'GET', `/api/college-staff/getStudentDetails/${id}`)).json<{
    message: StaffStudentDetails;
  }>().message;

/** Staff edit the record as the form sends it: `change` alters the loaded values. */
async function staffEdit(id: string, change: (body: UpdateStudentDetails) => void) {
  const d = await details(id);
  const body = recordForm(d);
  change(body);
  return ok(req(staff, 'PUT', '/api/college-staff/updateStudentDetails', body));
}

/** The link token of the newest email of `kind` to `to`, read from the outbox (bodies are kept here). */
async function tokenSentTo(to: string, kind: string) {
  const [row] = await t.db
    .select({ body: outboxEmails.body, kind: outboxEmails.kind })
    .from(outboxEmails)
    .where(eq(outboxEmails.recipient, to))
    .orderBy(desc(outboxEmails.createdAt));
  expect(row?.kind).toBe(kind);
  return /#token=([A-Za-z0-9_-]+)/.exec(row!.body)![1]!;
}

/** Every row of every table of the database, as JSON text, by table. */
async function everyRow(): Promise<Map<string, string[]>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const rows = new Map<string, string[]>();
  for (const { table_name: table } of tables) {
    const result = rowsOf<{ row: string }>(
      await t.db.execute(sql`select row_to_json(x)::text as row from ${sql.identifier(table)} x`),
    );
    rows.set(
      table,
      result.map((r) => r.row),
    );
  }
  return rows;
}

/** Every file under the upload storage, with its content. */
async function everyFile(dir: string): Promise<{ name: string; content: string }[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push({ name: path.relative(dir, full), content: (await fs.readFile(full)).toString('latin1') });
  }
  return files;
}

describe('erasing a student with a long history', () => {
  it('leaves no name, email or phone of theirs in any table, the outbox or the upload storage', async () => {
    // ---- The student, their record and their files ----
    const firstEmail = 'zinnia.first@example.com';
    const secondEmail = 'zinnia.second@example.com';
    const pendingEmail = 'zinnia.pending@example.com';
    const s = await w.student({
      firstName: 'Zinia',
      lastName: 'Quillfeather',
      emailID: firstEmail,
      phone: '9012345678',
    });
    const { id } = s;
    await ok(
      req(s.cookie, 'PUT', '/api/student/updateProfileDetail', {
        typ: 'personalDetail',
        value: {
          firstName: 'Zinia',
          lastName: 'Quillfeather',
          fathersName: 'Oberon Quillfeather',
          mothersName: 'Titania Quillfeather',
          phone: '9087654321',
        },
      }),
    );
    await w.academics(s, { rollNumber: '19BCE4242', cgpa: 8.1 });
    await ok(
      req(s.cookie, 'PUT', '/api/student/updateProfileDetail', {
        typ: 'internships',
        value: { company: 'Hooli', role: 'Intern', duration: '2 months', description: 'Zinia built a thing' },
      }),
    );
    const resume = Buffer.concat([PDF, Buffer.from(`% Zinia Quillfeather ${firstEmail} 9087654321\n`)]);
    for (const [url, form] of [
      ['/api/student/uploadResume', multipart('resume', 'cv.pdf', 'application/pdf', resume)],
      ['/api/student/uploadProfilePicture', multipart('profilePicture', 'me.png', 'image/png', PNG)],
    ] as const) {
      await ok(
        t.app.inject({
          method: 'POST',
          url,
          payload: form.payload,
          headers: { ...form.headers, cookie: s.cookie },
        }),
      );
    }
    await ok(
      t.app.inject({ method: 'POST', url: '/api/student/forgotPassword', payload: { emailID: firstEmail } }),
    );
    await ok(req(s.cookie, 'POST', '/api/student/calendarFeed'), 201);

    // ---- Applications while still "Zinia": the company is told her name ----
    const analyst = (await w.job(company, { role: 'Analyst' }))._id;
    const engineer = (await w.job(company, { role: 'Engineer' }))._id;
    const trainee = (await w.job(company, { role: 'Trainee' }))._id;
    const intern = (await w.job(company, { role: 'Intern' }))._id;
    const elsewhere = (await w.job(otherCompany, { role: 'Designer' }))._id;
    const [a1, a2, a3, a4] = [
      await w.apply({ id }, analyst),
      await w.apply({ id }, engineer),
      await w.apply({ id }, trainee),
      await w.apply({ id }, intern),
      await w.apply({ id }, elsewhere),
    ];

    // ---- Staff correct the first name, change the email (confirmed), then ask for another (pending) ----
    await staffEdit(id, (b) => {
      b.personalDetail.firstName = 'Zinnia';
      b.placementStatus.status = 'Zinnia Quillfeather is doing well';
    });
    await staffEdit(id, (b) => (b.personalDetail.emailID = secondEmail));
    // The student consents in the app (with her password); only then does the new address get its link.
    const asked = (await req(s.cookie, 'GET', '/api/student/emailChange')).json().message as { _id: string };
    await ok(
      req(s.cookie, 'POST', `/api/student/emailChange/${asked._id}/approve`, { currentPassword: PASSWORD }),
    );
    await ok(
      t.app.inject({
        method: 'POST',
        url: '/api/student/confirmEmailChange',
        payload: { token: await tokenSentTo(secondEmail, 'email-change') },
      }),
    );
    await staffEdit(id, (b) => (b.personalDetail.emailID = pendingEmail));
    // Staff verify the academics; the student's later change waits for approval.
    await staffEdit(id, (b) => (b.educationalDetails.verified = true));
    // Confirming the new address signed her out: she signs in with it.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: secondEmail, password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    await ok(
      req(cookie, 'PUT', '/api/student/updateProfileDetail', {
        typ: 'educationalDetails',
        value: {
          rollNumber: '19BCE4243',
          degrees: ['B.Tech'],
          collegeName: 'GEC',
          cgpa: 8.4,
          yearOfPassing: 2026,
        },
      }),
    );
    expect(
      await t.db.select().from(academicChangeRequests).where(eq(academicChangeRequests.studentId, id)),
    ).toHaveLength(1);
    // The first change's consent link (to her address then) and confirmation link (to the new one),
    // and the second change's consent link, still unanswered.
    expect(
      await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.accountId, id)),
    ).toHaveLength(3);

    // ---- The pipeline: an interview, an accepted offer, a rejection, a declined offer, messages ----
    const move = (applicationId: string, body: object) =>
      ok(req(company.cookie, 'POST', `/api/company/applications/${applicationId}/stage`, body));
    await move(a1, { stage: 'Shortlisted' });
    await move(a1, {
      stage: 'Technical Interview',
      schedule: { at: '2099-01-15T10:30:00Z', place: 'Room 204' },
    });
    await move(a4, { stage: 'Offer Letter', packageOffered: 5 });
    await ok(
      req(company.cookie, 'POST', `/api/company/applications/${a4}/offer/withdraw`, {
        reason: 'Zinnia Quillfeather cannot start in June',
      }),
    );
    await move(a3, { stage: 'Offer Letter', packageOffered: 6 });
    await ok(req(cookie, 'POST', `/api/student/offers/${a3}/decision`, { decision: 'Decline' }));
    await move(a1, { stage: 'Offer Letter', packageOffered: 12 });
    await ok(req(cookie, 'POST', `/api/student/offers/${a1}/decision`, { decision: 'Accept' }));
    await move(a2, { stage: 'Rejected' });
    await ok(
      req(company.cookie, 'POST', `/api/company/jobs/${analyst}/messages`, {
        stage: 'Offer Letter',
        subject: 'Welcome {firstName}',
        body: 'Dear {firstName}, welcome to {company} as {jobRole}.',
      }),
      201,
    );
    await ok(
      req(staff, 'POST', '/api/college-staff/messages', {
        subject: 'Hello {firstName}',
        body: 'Dear {firstName}, the placement drive starts Monday.',
        filters: {},
      }),
      201,
    );
    // Looks at the record, by the company and by staff.
    await ok(req(company.cookie, 'GET', `/api/company/applicantDetails/${a1}`));
    await details(id);
    // A staff import naming her, previewed and left pending.
    const csv = `Email,First name,Last name,Mobile\n${secondEmail},Zinnia,Quillfeather,9087654321\n`;
    const form = multipart('file', 'students.csv', 'text/csv', Buffer.from(csv));
    await ok(
      t.app.inject({
        method: 'POST',
        url: '/api/college-staff/imports',
        payload: form.payload,
        headers: { ...form.headers, cookie: staff },
      }),
    );
    await t.app.workers.drain('announcements');
    // An email queued before emails kept their account: found by the address alone.
    await t.db.insert(outboxEmails).values({
      kind: 'stage-change',
      recipient: firstEmail,
      subject: 'Your application',
      body: 'Hello Zinia',
    });

    const identifiers = [
      'Zinnia',
      'Zinia',
      'Quillfeather',
      'Oberon',
      'Titania',
      firstEmail,
      secondEmail,
      pendingEmail,
      '9012345678',
      '9087654321',
    ];
    const hits = (rows: Map<string, string[]>) =>
      [...rows].flatMap(([table, list]) =>
        list.flatMap((row) =>
          identifiers
            .filter((v) => row.toLowerCase().includes(v.toLowerCase()))
            .map((v) => `${table}: ${v} in ${row}`),
        ),
      );
    // The scan finds her everywhere before.
    const before = new Set(hits(await everyRow()).map((h) => h.slice(0, h.indexOf(':'))));
    for (const table of [
      'accounts',
      'students',
      'notifications',
      'outbox_emails',
      'student_audit_log',
      'application_events',
      'message_recipients',
      'email_change_tokens',
      'student_imports',
      'internships',
      'offers',
    ]) {
      expect(before).toContain(table);
    }
    const dir = t.config.storage.driver === 'disk' ? t.config.storage.dir : '';
    expect((await everyFile(dir)).some((f) => f.content.includes('Quillfeather'))).toBe(true);

    // ---- Erase ----
    await t.db.update(students).set({ yearOfPassing: 2020 }).where(eq(students.accountId, id));
    const statsBefore = (await req(staff, 'GET', '/api/college-staff/statistics')).json();
    const erased = await req(staff, 'POST', `/api/college-staff/students/${id}/erase`, {
      confirmation: 'Zinnia Quillfeather',
      reason: 'Graduated in 2020',
    });
    expect(erased.json()).toEqual({ message: erasure.erased });

    // ---- Nothing of hers is left anywhere ----
    expect(hits(await everyRow())).toEqual([]);
    expect(
      (await everyFile(dir)).filter((f) =>
        identifiers.some((v) => `${f.name}\n${f.content}`.toLowerCase().includes(v.toLowerCase())),
      ),
    ).toEqual([]);

    // Third parties read "Former student" where her name was; the messages she received read as
    // if sent to the erased account; her own steps and edits are signed "Former student".
    const companyNotes = (await req(company.cookie, 'GET', '/api/notifications')).json().message;
    expect(JSON.stringify(companyNotes)).toContain(`${erasure.formerStudent} applied for Analyst.`);
    expect(JSON.stringify(companyNotes)).toContain(
      `${erasure.formerStudent} accepted your offer for Analyst (12 LPA).`,
    );
    expect(
      (await t.db.select({ subject: outboxEmails.subject }).from(outboxEmails)).map((r) => r.subject),
    ).toContain(`New applicant for Analyst: ${erasure.formerStudent}`);
    expect(
      await t.db
        .select({ subject: messageRecipients.subject, body: messageRecipients.body })
        .from(messageRecipients)
        .where(eq(messageRecipients.studentId, id)),
    ).toEqual(
      expect.arrayContaining([
        { subject: 'Welcome Former student', body: 'Dear Former student, welcome to Globex as Analyst.' },
        { subject: 'Hello Former student', body: 'Dear Former student, the placement drive starts Monday.' },
      ]),
    );
    const own = await t.db
      .select({ by: studentAuditLog.actorName })
      .from(studentAuditLog)
      .where(eq(studentAuditLog.actorId, id));
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((a) => a.by))).toEqual(new Set([erasure.formerStudent]));
    // The pending email change and academic change are void.
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.accountId, id))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(academicChangeRequests).where(eq(academicChangeRequests.studentId, id)),
    ).toEqual([]);
    const [imported] = await t.db.select().from(studentImports);
    expect(imported).toMatchObject({ status: 'discarded', rows: [] });
    // No password is stored; signing in by any of her addresses answers as a wrong password does.
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, id));
    expect(account!.passwordHash).toBe('');
    for (const emailID of [firstEmail, secondEmail, pendingEmail]) {
      const signin = await t.app.inject({
        method: 'POST',
        url: '/api/student/signin',
        payload: { emailID, password: PASSWORD },
      });
      expect(signin.statusCode).toBe(401);
      expect(signin.json()).toEqual({ message: auth.badCredentials });
    }
    // Staff see the account as Erased, on the record and in the list.
    expect((await details(id)).role).toBe('Erased');
    const list = (await req(staff, 'GET', '/api/college-staff/students?pageSize=100')).json().message
      .items as StudentCard[];
    expect(list.find((c) => c._id === id)?.role).toBe('Erased');
    // The placement still counts, anonymously.
    expect((await req(staff, 'GET', '/api/college-staff/statistics')).json()).toEqual(statsBefore);
  });
});
