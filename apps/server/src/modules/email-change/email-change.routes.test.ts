import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contracts/common';
import type { PendingEmailChange } from '@portal/contracts/email-change';
import { auth, emailChange, passwords, recovery, staffRecords } from '@portal/contracts/messages';
import type { StaffStudentDetails, UpdateStudentDetails } from '@portal/contracts/staff';
import {
  accounts,
  emailChangeRequests,
  emailChangeTokens,
  notifications,
  outboxEmails,
  passwordResetTokens,
  students,
} from '../../db/schema.ts';
import { PASSWORD, sessionCookie } from '../../test/accounts.ts';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { type Person, recordForm, world, type World } from '../../test/world.ts';
import { hashToken } from '../../lib/tokens.ts';

let t: TestApp;
let w: World;
let smtp: SmtpServer;
let staff: Person;
let second: Person;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    mail: {
      ...testConfig().mail,
      smtpUrl: smtp.url,
      from: 'Placements <placements@college.test>',
      appUrl: 'https://portal.test',
    },
  });
  w = world(t);
  staff = await w.staff({ firstName: 'Nisha', lastName: 'Rao' });
  second = await w.staff({ firstName: 'Arjun', lastName: 'Das' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const signIn = (role: Role, emailID: string, password = PASSWORD) =>
  post(`/api/${role}/signin`, { emailID, password });
const confirm = (token: string, role: Role = 'student') => post(`/api/${role}/confirmEmailChange`, { token });
const answer = (token: string, decision: string) =>
  post('/api/student/answerEmailChange', { token, decision });
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const tokenOf = (text: string) => /#token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

const addStudent = (firstName = 'Meera') => w.student({ firstName, lastName: 'Pillai' });

const details = async (id: string, cookie = staff.cookie) =>
  (await t.app.inject({ url: `/api/college-staff/getStudentDetails/${id}`, headers: { cookie } })).json<{
    message: StaffStudentDetails;
  }>().message;

const studentsView = async (cookie: string) =>
  (await t.app.inject({ url: '/api/student/emailChange', headers: { cookie } })).json<{
    message: PendingEmailChange | null;
  }>().message;

const storedEmail = async (id: string) =>
  (await t.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id)))[0]!.email;

/** Whatever the portal queued for an address (the outbox is written with the change, so this is exact). */
const queuedFor = async (address: string) =>
  t.db
    .select({ subject: outboxEmails.subject, body: outboxEmails.body })
    .from(outboxEmails)
    .where(eq(outboxEmails.recipient, address));

/** Staff edit the record as the form sends it: `change` alters the loaded values. */
async function staffEdit(id: string, change: (body: UpdateStudentDetails) => void, cookie = staff.cookie) {
  const d = await details(id, cookie);
  const body = recordForm(d);
  change(body);
  return t.app.inject({
    method: 'PUT',
    url: '/api/college-staff/updateStudentDetails',
    headers: { cookie },
    payload: body,
  });
}

/**
 * Staff ask for a new email; returns the change's id and the token of the link the student's
 * current address receives to answer it.
 */
async function requestChange(s: { id: string; email: string }, newEmail: string) {
  const response = await staffEdit(s.id, (body) => (body.personalDetail.emailID = newEmail));
  expect(response.json()).toEqual({ message: emailChange.savedEmailOnly });
  const [request] = await t.db
    .select({ id: emailChangeRequests.id })
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.accountId, s.id), eq(emailChangeRequests.newEmail, newEmail)));
  const mail = await smtp.next(s.email, /Approve or decline/);
  return { requestId: request!.id, answerToken: tokenOf(mail.text) };
}

/** The student approves in the app; returns the token of the link the new address then receives. */
async function approveInApp(s: { cookie: string }, requestId: string, newEmail: string) {
  const response = await post(
    `/api/student/emailChange/${requestId}/approve`,
    { currentPassword: PASSWORD },
    s.cookie,
  );
  expect(response.json()).toEqual({ message: emailChange.approved });
  return tokenOf((await smtp.next(newEmail, /Confirm your new/)).text);
}

/** A change asked for and approved: the token of the confirmation link at the new address. */
async function approvedChange(s: { id: string; email: string; cookie: string }, newEmail: string) {
  const { requestId } = await requestChange(s, newEmail);
  return approveInApp(s, requestId, newEmail);
}

describe('staff asking for a new email (finding 1: takeover through a staff email change)', () => {
  it('sends nothing to the new address until the student approves, so a reset link cannot go there', async () => {
    const s = await addStudent();
    // The address belongs to whoever asks for it: their own inbox.
    const staffInbox = unique('staff.owned');
    const response = await staffEdit(s.id, (body) => (body.personalDetail.emailID = staffInbox));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: emailChange.savedEmailOnly });

    // No link, no notice, nothing at all went to the new address; the account keeps its email.
    expect(await queuedFor(staffInbox)).toEqual([]);
    expect(await storedEmail(s.id)).toBe(s.email);
    // "Forgot Password" for the new address finds no account: no reset link goes there either.
    expect((await post('/api/student/forgotPassword', { emailID: staffInbox })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queuedFor(staffInbox)).toEqual([]);
    expect((await signIn('student', s.email)).statusCode).toBe(200);

    const record = await details(s.id);
    expect(record.personalDetail.emailID).toBe(s.email);
    expect(record.pendingEmail).toBe(staffInbox);
    expect(record.emailChange).toMatchObject({
      newEmail: staffInbox,
      state: 'AwaitingStudent',
      requestedBy: 'Nisha Rao',
      lostAddressMarkedBy: '',
      dueAt: null,
    });
    expect(record.audit.map((a) => [a.field, a.oldValue, a.newValue, a.by])).toEqual([
      ['Email change requested', s.email, staffInbox, 'Nisha Rao'],
    ]);

    // The student is asked at the current address, with a link to a page that asks for a button.
    const asked = await smtp.next(s.email, /Approve or decline/);
    expect(asked.subject).toBe('Approve or decline a change of your Campus Placement Portal email address');
    expect(asked.text).toContain('Hello Meera,');
    expect(asked.text).toContain(
      `The placement cell (Nisha Rao) asked to change the sign-in email of your account to ${staffInbox}`,
    );
    expect(asked.text).toMatch(
      /https:\/\/portal\.test\/signin\/student\/email-change#token=[A-Za-z0-9_-]{43}\n/,
    );
    expect(asked.text).toContain('The link works for 7 days.');
    const [link] = await t.db
      .select()
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.tokenHash, hashToken(tokenOf(asked.text))));
    expect(link!.purpose).toBe('answer');
    expect((link!.expiresAt.getTime() - link!.createdAt.getTime()) / 86_400_000).toBeCloseTo(7, 1);

    // And in the app: a notification, and the change on their Profile page.
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.accountId, s.id));
    expect(notice).toMatchObject({
      title: emailChange.notices.requestedTitle,
      body: emailChange.notices.requested('Nisha Rao', staffInbox),
    });
    expect(await studentsView(s.cookie)).toMatchObject({ newEmail: staffInbox, state: 'AwaitingStudent' });
  });

  it("refuses the staff member's own address with 409: one email is one account, across roles", async () => {
    const s = await addStudent();
    const response = await staffEdit(s.id, (body) => (body.personalDetail.emailID = staff.email));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: staffRecords.emailTaken });
    expect((await details(s.id)).emailChange).toBeNull();
  });

  it("refuses another student's email with 409 and stores nothing, not even the other fields", async () => {
    const owner = await addStudent('Owner');
    const s = await addStudent();
    const before = await details(s.id);
    const response = await staffEdit(s.id, (body) => {
      body.personalDetail.emailID = owner.email;
      body.personalDetail.phone = '9000000002';
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: staffRecords.emailTaken });

    const after = await details(s.id);
    expect(after.personalDetail.phone).toBe(before.personalDetail.phone);
    expect(after.version).toBe(before.version);
    expect(after.pendingEmail).toBeNull();
    expect(
      await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.accountId, s.id)),
    ).toEqual([]);
    expect((await queuedFor(owner.email)).map((q) => q.subject)).toEqual([]);
  });

  it('saves the other fields of the same edit and says the email waits for the student', async () => {
    const s = await addStudent();
    const newEmail = unique('other');
    const response = await staffEdit(s.id, (body) => {
      body.personalDetail.emailID = newEmail;
      body.personalDetail.phone = '9000000001';
    });
    expect(response.json()).toEqual({ message: emailChange.saved });
    const record = await details(s.id);
    expect(record.personalDetail.phone).toBe('9000000001');
    expect(record.personalDetail.emailID).toBe(s.email);
    expect(record.pendingEmail).toBe(newEmail);
  });
});

describe('the student approving the change', () => {
  it('in the app with their password: the new address then gets its link, and confirming switches the email', async () => {
    const s = await addStudent('Kavya');
    const otherSession = sessionCookie((await signIn('student', s.email)).headers['set-cookie']);
    expect((await post('/api/student/forgotPassword', { emailID: s.email })).statusCode).toBe(200);
    const resetToken = tokenOf((await smtp.next(s.email, /Reset your/)).text);
    const newEmail = unique('kavya');
    const { requestId } = await requestChange(s, newEmail);

    const wrong = await post(
      `/api/student/emailChange/${requestId}/approve`,
      { currentPassword: 'not-my-password' },
      s.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: passwords.wrongCurrent });
    expect(await queuedFor(newEmail)).toEqual([]);

    const token = await approveInApp(s, requestId, newEmail);
    const link = await smtp.next(newEmail, /Confirm your new/);
    expect(link.subject).toBe('Confirm your new Campus Placement Portal email address');
    expect(link.text).toContain('The placement cell (Nisha Rao) asked');
    expect(link.text).toMatch(
      /https:\/\/portal\.test\/signin\/student\/confirm-email#token=[A-Za-z0-9_-]{43}\n/,
    );
    expect(link.text).toContain('within 24 hours');
    const notice = await smtp.next(s.email, /was requested/);
    expect(notice.text).toContain(`to ${newEmail}`);
    expect(notice.text).not.toContain('#token=');
    expect((await details(s.id)).emailChange).toMatchObject({ state: 'AwaitingConfirmation' });
    expect((await studentsView(s.cookie))?.state).toBe('AwaitingConfirmation');

    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: emailChange.confirmed });
    expect(await storedEmail(s.id)).toBe(newEmail);
    for (const cookie of [s.cookie, otherSession]) {
      expect((await t.app.inject({ url: '/api/', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await signIn('student', s.email)).json()).toEqual({ message: auth.badCredentials });
    expect((await signIn('student', newEmail)).statusCode).toBe(200);

    const reset = await post('/api/student/resetForgottenPassword', {
      token: resetToken,
      newPassword: 'taken-over-1',
      confirmNewPassword: 'taken-over-1',
    });
    expect(reset.json()).toEqual({ message: recovery.replacedLink });
    const [resetRow] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(resetToken)));
    expect(resetRow!.usedAt).toBeNull();

    const record = await details(s.id);
    expect(record.pendingEmail).toBeNull();
    expect(record.emailChange).toBeNull();
    expect(record.audit.slice(0, 3).map((a) => [a.field, a.oldValue, a.newValue, a.by])).toEqual([
      ['Email', s.email, newEmail, 'Kavya Pillai'],
      ['Email change approved by the student', s.email, newEmail, 'Kavya Pillai'],
      ['Email change requested', s.email, newEmail, 'Nisha Rao'],
    ]);
  });

  it('from the link sent to the current address: opening it changes nothing, Approve sends the link', async () => {
    const s = await addStudent('Ira');
    const newEmail = unique('ira');
    const { answerToken } = await requestChange(s, newEmail);

    const checked = await post('/api/student/checkEmailChangeLink', { token: answerToken });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().message).toMatchObject({
      newEmail,
      state: 'AwaitingStudent',
      requestedBy: 'Nisha Rao',
    });
    expect(await queuedFor(newEmail)).toEqual([]);

    const approved = await answer(answerToken, 'Approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ message: emailChange.approved });
    const token = tokenOf((await smtp.next(newEmail, /Confirm your new/)).text);

    const again = await answer(answerToken, 'Approve');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: emailChange.alreadyApproved });

    expect((await confirm(token)).statusCode).toBe(200);
    expect(await storedEmail(s.id)).toBe(newEmail);
    const used = await answer(answerToken, 'Decline');
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ message: emailChange.closedLink });
  });

  it('declining closes the change: nothing reaches the new address, and the staff member who asked is told', async () => {
    const s = await addStudent('Tara');
    const newEmail = unique('tara');
    const { answerToken } = await requestChange(s, newEmail);

    const declined = await answer(answerToken, 'Decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ message: emailChange.declined });
    expect(await queuedFor(newEmail)).toEqual([]);
    expect(await storedEmail(s.id)).toBe(s.email);
    expect((await details(s.id)).emailChange).toBeNull();
    expect(await studentsView(s.cookie)).toBeNull();

    const told = await t.app.inject({ url: '/api/notifications', headers: { cookie: staff.cookie } });
    expect(JSON.stringify(told.json())).toContain(emailChange.notices.declined('Tara Pillai', newEmail));
    expect((await details(s.id)).audit[0]).toMatchObject({
      field: 'Email change declined by the student',
      newValue: newEmail,
      by: 'Tara Pillai',
    });

    for (const decision of ['Approve', 'Decline']) {
      const late = await answer(answerToken, decision);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ message: emailChange.closedLink });
    }
  });

  it('declining in the app works too; another student cannot answer the change (404)', async () => {
    const s = await addStudent('Uma');
    const other = await addStudent('Vani');
    const { requestId } = await requestChange(s, unique('uma'));

    for (const action of ['approve', 'decline']) {
      const refused = await post(
        `/api/student/emailChange/${requestId}/${action}`,
        { currentPassword: PASSWORD },
        other.cookie,
      );
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: emailChange.notFound });
    }
    const declined = await post(`/api/student/emailChange/${requestId}/decline`, {}, s.cookie);
    expect(declined.json()).toEqual({ message: emailChange.declined });
    const late = await post(
      `/api/student/emailChange/${requestId}/approve`,
      { currentPassword: PASSWORD },
      s.cookie,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: emailChange.closedLink });
  });

  it('refuses an answer link that is altered, of another kind, or missing, and one past its 7 days', async () => {
    const s = await addStudent();
    const { requestId, answerToken } = await requestChange(s, unique('odd'));
    const altered = (answerToken[0] === 'A' ? 'B' : 'A') + answerToken.slice(1);
    for (const r of [
      await answer(altered, 'Approve'),
      await post('/api/student/checkEmailChangeLink', { token: '' }),
      await confirm(answerToken),
    ]) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: emailChange.invalidLink });
    }
    const bad = await answer(answerToken, 'Maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: emailChange.badDecision });

    await t.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.id, requestId));
    const late = await answer(answerToken, 'Approve');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: emailChange.expiredLink });
    expect((await details(s.id)).emailChange).toBeNull();
  });
});

describe('a student who cannot reach the current address', () => {
  const lostAddress = (requestId: string, cookie = staff.cookie) =>
    post(`/api/college-staff/emailChanges/${requestId}/lostAddress`, {}, cookie);
  const secondApproval = (requestId: string, cookie: string) =>
    post(`/api/college-staff/emailChanges/${requestId}/secondApproval`, {}, cookie);

  it('needs a second staff member, then waits 72 hours with a notice and a cancel link at the old address', async () => {
    const s = await addStudent('Lata');
    const newEmail = unique('lata');
    const { requestId } = await requestChange(s, newEmail);

    const marked = await lostAddress(requestId);
    expect(marked.json()).toEqual({ message: emailChange.lostAddressMarked });
    expect((await details(s.id)).emailChange).toMatchObject({
      state: 'AwaitingSecondApproval',
      lostAddressMarkedBy: 'Nisha Rao',
    });
    const again = await lostAddress(requestId, second.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: emailChange.notAwaitingStudent });

    // The staff member who asked cannot be the second approver.
    const self = await secondApproval(requestId, staff.cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: emailChange.sameStaff });

    const approved = await secondApproval(requestId, second.cookie);
    expect(approved.statusCode).toBe(200);
    const record = await details(s.id);
    expect(record.emailChange).toMatchObject({ state: 'Waiting', secondApprovedBy: 'Arjun Das' });
    const dueAt = Date.parse(record.emailChange!.dueAt!);
    expect((dueAt - Date.now()) / 3_600_000).toBeCloseTo(72, 1);
    expect(approved.json().message).toMatch(
      /^Approved\. Unless the student cancels, the confirmation link goes to the new address on /,
    );

    // Before the 72 hours nothing goes to the new address; the old one has a notice with a cancel link.
    expect(await queuedFor(newEmail)).toEqual([]);
    const notice = await smtp.next(s.email, /about to change/);
    expect(notice.text).toContain(`to ${newEmail}`);
    expect(notice.text).toMatch(
      /https:\/\/portal\.test\/signin\/student\/email-change#token=[A-Za-z0-9_-]{43}\n/,
    );
    expect(
      JSON.stringify(await t.db.select().from(notifications).where(eq(notifications.accountId, s.id))),
    ).toContain(emailChange.notices.waitingTitle);
    expect(record.audit.slice(0, 3).map((a) => [a.field, a.by])).toEqual([
      ['Email change approved by a second staff member', 'Arjun Das'],
      ['Email change: current address lost', 'Nisha Rao'],
      ['Email change requested', 'Nisha Rao'],
    ]);

    // The wait ends (here: its time is moved back); whoever looks next sends the link.
    await t.db
      .update(emailChangeRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.id, requestId));
    expect((await details(s.id)).emailChange).toMatchObject({ state: 'AwaitingConfirmation', dueAt: null });
    const token = tokenOf((await smtp.next(newEmail, /Confirm your new/)).text);
    expect((await details(s.id)).audit[0]).toMatchObject({
      field: 'Email change: confirmation link sent',
      by: 'Portal',
    });
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await storedEmail(s.id)).toBe(newEmail);
  });

  it('lets the student cancel during the wait with the link sent to the old address', async () => {
    const s = await addStudent('Mira');
    const newEmail = unique('mira');
    const { requestId } = await requestChange(s, newEmail);
    await lostAddress(requestId, second.cookie);
    // Neither the one who marked the address lost nor the one who asked may approve.
    expect((await secondApproval(requestId, second.cookie)).statusCode).toBe(403);
    expect((await secondApproval(requestId, staff.cookie)).statusCode).toBe(403);
    const third = await w.staff({ firstName: 'Third' });
    expect((await secondApproval(requestId, third.cookie)).statusCode).toBe(200);
    const cancelToken = tokenOf((await smtp.next(s.email, /about to change/)).text);

    const checked = await post('/api/student/checkEmailChangeLink', { token: cancelToken });
    expect(checked.json().message).toMatchObject({ state: 'Waiting', lostAddressMarkedBy: 'Arjun Das' });
    const cancelled = await answer(cancelToken, 'Decline');
    expect(cancelled.json()).toEqual({ message: emailChange.declined });

    await t.db
      .update(emailChangeRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.id, requestId));
    expect((await details(s.id)).emailChange).toBeNull();
    expect(await queuedFor(newEmail)).toEqual([]);
    expect(await storedEmail(s.id)).toBe(s.email);
  });

  it('lets the student cancel in the app, and refuses a second approval of a change not waiting for one', async () => {
    const s = await addStudent('Nila');
    const { requestId } = await requestChange(s, unique('nila'));
    const early = await secondApproval(requestId, second.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: emailChange.notAwaitingSecondApproval });
    await lostAddress(requestId);
    await secondApproval(requestId, second.cookie);
    expect((await studentsView(s.cookie))?.state).toBe('Waiting');
    const cancelled = await post(`/api/student/emailChange/${requestId}/decline`, {}, s.cookie);
    expect(cancelled.json()).toEqual({ message: emailChange.declined });
    expect(await studentsView(s.cookie)).toBeNull();
  });

  it('answers 404 for a change that does not exist', async () => {
    const missing = await lostAddress('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: emailChange.notFound });
  });
});

describe('suspension and erasure void a change (finding 9)', () => {
  it('voids a change under way when staff suspend the student; its links stop working', async () => {
    const s = await addStudent('Sanju');
    const newEmail = unique('sanju');
    const { requestId, answerToken } = await requestChange(s, newEmail);
    const suspended = await staffEdit(s.id, (body) => (body.role = 'Suspended'));
    expect(suspended.statusCode).toBe(200);

    const [row] = await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.id, requestId));
    expect(row!.state).toBe('Void');
    const record = await details(s.id);
    expect(record.emailChange).toBeNull();
    expect(record.audit.find((a) => a.field === 'Email change void')).toMatchObject({
      newValue: newEmail,
      by: 'Nisha Rao',
    });
    const late = await answer(answerToken, 'Approve');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ message: auth.suspended });
    expect(await queuedFor(newEmail)).toEqual([]);

    // Allowed again, the void change stays void.
    await staffEdit(s.id, (body) => (body.role = 'Allowed'));
    const after = await answer(answerToken, 'Approve');
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({ message: emailChange.closedLink });
  });

  it('refuses a suspended student’s confirmation link with 403, even one sent before the suspension', async () => {
    const s = await addStudent('Ravi');
    const newEmail = unique('ravi');
    const token = await approvedChange(s, newEmail);
    // Suspended straight in the database: the link alone must not get through.
    await t.db.update(accounts).set({ status: 'Suspended' }).where(eq(accounts.id, s.id));
    const response = await confirm(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: auth.suspended });
    expect(await storedEmail(s.id)).toBe(s.email);

    await t.db.update(accounts).set({ status: 'Allowed' }).where(eq(accounts.id, s.id));
    await staffEdit(s.id, (body) => (body.role = 'Suspended'));
    const voided = await confirm(token);
    expect(voided.statusCode).toBe(403);
    await t.db.update(accounts).set({ status: 'Allowed' }).where(eq(accounts.id, s.id));
    const closed = await confirm(token);
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ message: emailChange.closedLink });
    expect(await storedEmail(s.id)).toBe(s.email);
  });

  it('refuses to start a change for a student being suspended in the same edit', async () => {
    const s = await addStudent();
    const response = await staffEdit(s.id, (body) => {
      body.role = 'Suspended';
      body.personalDetail.emailID = unique('while.suspending');
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: emailChange.suspendedStudent });
    expect((await details(s.id)).role).toBe('Allowed');
  });

  it('erasing the student removes a change under way and its links', async () => {
    const s = await addStudent('Gita');
    const { answerToken } = await requestChange(s, unique('gita'));
    await t.db.update(students).set({ yearOfPassing: 2020 }).where(eq(students.accountId, s.id));
    const erased = await post(
      `/api/college-staff/students/${s.id}/erase`,
      { confirmation: 'Gita Pillai', reason: 'Graduated in 2020' },
      staff.cookie,
    );
    expect(erased.statusCode).toBe(200);
    expect(
      await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.accountId, s.id)),
    ).toEqual([]);
    const late = await answer(answerToken, 'Approve');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: emailChange.invalidLink });
  });
});

describe('confirming the new email', () => {
  it('refuses a link used once already, and lets only one of two simultaneous submissions through', async () => {
    const s = await addStudent();
    const token = await approvedChange(s, unique('once'));
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: emailChange.usedLink });

    const other = await addStudent();
    const raced = await approvedChange(other, unique('raced'));
    const results = await Promise.all([confirm(raced), confirm(raced)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ message: emailChange.usedLink });
  });

  it('refuses an expired link, and the old address stays', async () => {
    const s = await addStudent();
    const token = await approvedChange(s, unique('late'));
    const past = new Date(Date.now() - 1000);
    await t.db
      .update(emailChangeTokens)
      .set({ expiresAt: past })
      .where(eq(emailChangeTokens.tokenHash, hashToken(token)));
    await t.db
      .update(emailChangeRequests)
      .set({ expiresAt: past })
      .where(eq(emailChangeRequests.accountId, s.id));

    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: emailChange.expiredLink });
    expect(await storedEmail(s.id)).toBe(s.email);
    expect((await details(s.id)).pendingEmail).toBeNull();
    expect((await t.app.inject({ url: '/api/', headers: { cookie: s.cookie } })).statusCode).toBe(200);
  });

  it('replaces an older change (and its links) when staff ask again', async () => {
    const s = await addStudent();
    const first = await approvedChange(s, unique('first'));
    const secondEmail = unique('second');
    const { requestId } = await requestChange(s, secondEmail);
    expect((await details(s.id)).pendingEmail).toBe(secondEmail);

    const old = await confirm(first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: emailChange.replacedLink });
    const token = await approveInApp(s, requestId, secondEmail);
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await storedEmail(s.id)).toBe(secondEmail);
  });

  it('refuses an altered link, one used on another role’s page, or none at all', async () => {
    const s = await addStudent();
    const token = await approvedChange(s, unique('altered'));
    const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const r of [
      await confirm(altered),
      await confirm(token, 'company'),
      await confirm(''),
      await post('/api/student/confirmEmailChange', {}),
    ]) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: emailChange.invalidLink });
    }
    expect(await storedEmail(s.id)).toBe(s.email);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('refuses a link sent before changes needed the student’s approval', async () => {
    const s = await addStudent();
    const token = 'legacy-link-token-from-before-consent-was-required';
    await t.db.insert(emailChangeTokens).values({
      accountId: s.id,
      tokenHash: hashToken(token),
      newEmail: unique('legacy'),
      requestedByName: 'Nisha Rao',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: emailChange.closedLink });
    expect(await storedEmail(s.id)).toBe(s.email);
  });

  it('refuses with 409 when another account, of any role, took the address meanwhile', async () => {
    const s = await addStudent();
    const wanted = unique('wanted');
    const token = await approvedChange(s, wanted);
    await w.company({ emailID: wanted });

    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: emailChange.taken });
    expect(await storedEmail(s.id)).toBe(s.email);
    expect((await t.app.inject({ url: '/api/', headers: { cookie: s.cookie } })).statusCode).toBe(200);
  });
});
