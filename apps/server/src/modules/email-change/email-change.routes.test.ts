import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contracts/common';
import { auth, emailChange, recovery, staffRecords } from '@portal/contracts/messages';
import type { StaffStudentDetails, UpdateStudentDetails } from '@portal/contracts/staff';
import { accounts, emailChangeTokens, outboxEmails, passwordResetTokens } from '../../db/schema.ts';
import { PASSWORD, sessionCookie, signUp } from '../../test/accounts.ts';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { hashToken } from '../../lib/tokens.ts';

let t: TestApp;
let smtp: SmtpServer;
let staff: { cookie: string };
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
  staff = await signUp(t.app, 'college-staff', { firstName: 'Nisha', lastName: 'Rao' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const signIn = (role: Role, emailID: string, password = PASSWORD) =>
  post(`/api/${role}/signin`, { emailID, password });
const confirm = (token: string, role: Role = 'student') => post(`/api/${role}/confirmEmailChange`, { token });
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function addStudent(firstName = 'Meera') {
  const s = await signUp(t.app, 'student', { firstName, lastName: 'Pillai' });
  const [row] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, s.email));
  return { ...s, id: row!.id };
}

const details = async (id: string) =>
  (
    await t.app.inject({
      url: `/api/college-staff/getStudentDetails/${id}`,
      headers: { cookie: staff.cookie },
    })
  ).json<{ message: StaffStudentDetails }>().message;

const storedEmail = async (id: string) =>
  (await t.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id)))[0]!.email;

/** Staff edit the record as the form sends it: `change` alters the loaded values. */
async function staffEdit(id: string, change: (body: UpdateStudentDetails) => void) {
  const d = await details(id);
  const body: UpdateStudentDetails = {
    id: d._id,
    version: d.version,
    // These records are not erased (an erased one has no form to send).
    role: d.role as UpdateStudentDetails['role'],
    personalDetail: {
      firstName: d.personalDetail.firstName,
      lastName: d.personalDetail.lastName,
      fathersName: d.personalDetail.fathersName,
      mothersName: d.personalDetail.mothersName,
      emailID: d.personalDetail.emailID,
      phone: d.personalDetail.phone,
    },
    educationalDetails: { ...d.educationalDetails },
    placementStatus: { ...d.placementStatus },
  };
  change(body);
  return t.app.inject({
    method: 'PUT',
    url: '/api/college-staff/updateStudentDetails',
    headers: { cookie: staff.cookie },
    payload: body,
  });
}

/** Staff change the student's email; returns the token from the email the new address receives. */
async function requestChange(id: string, newEmail: string): Promise<string> {
  const response = await staffEdit(id, (body) => (body.personalDetail.emailID = newEmail));
  expect(response.json()).toEqual({ message: emailChange.savedEmailOnly });
  const mail = await smtp.next(newEmail, /Confirm your new/);
  return /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

describe('staff changing a student’s email', () => {
  it('keeps the old address in force and emails a 24-hour link to the new one and a notice to the old', async () => {
    const s = await addStudent();
    const newEmail = unique('meera.new');
    const response = await staffEdit(s.id, (body) => (body.personalDetail.emailID = newEmail.toUpperCase()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: emailChange.savedEmailOnly });

    // Nothing changed on the account: the old address signs in, the new one does not.
    expect(await storedEmail(s.id)).toBe(s.email);
    expect((await signIn('student', s.email)).statusCode).toBe(200);
    expect((await signIn('student', newEmail)).json()).toEqual({ message: auth.badCredentials });

    const record = await details(s.id);
    expect(record.personalDetail.emailID).toBe(s.email);
    expect(record.pendingEmail).toBe(newEmail);
    expect(record.audit.map((a) => [a.field, a.oldValue, a.newValue, a.by])).toEqual([
      ['Email change requested', s.email, newEmail, 'Nisha Rao'],
    ]);

    const link = await smtp.next(newEmail, /Confirm your new/);
    expect(link.subject).toBe('Confirm your new Campus Placement Portal email address');
    expect(link.text).toContain('Hello Meera,');
    expect(link.text).toContain('The placement cell (Nisha Rao) asked');
    expect(link.text).toMatch(
      /https:\/\/portal\.test\/signin\/student\/confirm-email#token=[A-Za-z0-9_-]{43}\n/,
    );
    expect(link.text).toContain('within 24 hours');
    const notice = await smtp.next(s.email, /change of your/);
    expect(notice.text).toContain(`to ${newEmail}`);
    expect(notice.text).not.toContain('#token=');

    // Only the token's hash is stored, valid for a day.
    const token = /#token=([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    const [row] = await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.accountId, s.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.newEmail).toBe(newEmail);
    expect(row!.requestedByName).toBe('Nisha Rao');
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000).toBeCloseTo(24, 1);
  });

  it('saves the other fields of the same edit and says the email waits for confirmation', async () => {
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
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.accountId, s.id))).toEqual(
      [],
    );
    const queued = await t.db.select({ to: outboxEmails.recipient }).from(outboxEmails);
    expect(queued.map((q) => q.to)).not.toContain(owner.email);
  });
});

describe('confirming the new email', () => {
  it('switches the sign-in email, ends every session and voids an unused password reset link', async () => {
    const s = await addStudent('Kavya');
    const second = sessionCookie((await signIn('student', s.email)).headers['set-cookie']);
    expect((await post('/api/student/forgotPassword', { emailID: s.email })).statusCode).toBe(200);
    const resetMail = await smtp.next(s.email, /Reset your/);
    const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(resetMail.text)![1]!;
    const newEmail = unique('kavya');
    const token = await requestChange(s.id, newEmail);

    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: emailChange.confirmed });

    expect(await storedEmail(s.id)).toBe(newEmail);
    for (const cookie of [s.cookie, second]) {
      const old = await t.app.inject({ url: '/api/', headers: { cookie } });
      expect(old.statusCode).toBe(401);
    }
    expect((await signIn('student', s.email)).json()).toEqual({ message: auth.badCredentials });
    expect((await signIn('student', newEmail)).statusCode).toBe(200);

    const reset = await post('/api/student/resetForgottenPassword', {
      token: resetToken,
      newPassword: 'taken-over-1',
      confirmNewPassword: 'taken-over-1',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: recovery.replacedLink });
    const [resetRow] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(resetToken)));
    expect(resetRow!.usedAt).toBeNull();
    expect(resetRow!.replacedAt).not.toBeNull();

    const record = await details(s.id);
    expect(record.pendingEmail).toBeNull();
    expect(record.audit[0]).toMatchObject({
      field: 'Email',
      oldValue: s.email,
      newValue: newEmail,
      by: 'Kavya Pillai',
    });
  });

  it('refuses a link used once already, and lets only one of two simultaneous submissions through', async () => {
    const s = await addStudent();
    const token = await requestChange(s.id, unique('once'));
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: emailChange.usedLink });

    const other = await addStudent();
    const raced = await requestChange(other.id, unique('raced'));
    const results = await Promise.all([confirm(raced), confirm(raced)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ message: emailChange.usedLink });
  });

  it('refuses an expired link, and the old address stays', async () => {
    const s = await addStudent();
    const token = await requestChange(s.id, unique('late'));
    await t.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.tokenHash, hashToken(token)));

    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: emailChange.expiredLink });
    expect(await storedEmail(s.id)).toBe(s.email);
    expect((await details(s.id)).pendingEmail).toBeNull();
    expect((await t.app.inject({ url: '/api/', headers: { cookie: s.cookie } })).statusCode).toBe(200);
  });

  it('replaces an older link when staff change the email again', async () => {
    const s = await addStudent();
    const first = await requestChange(s.id, unique('first'));
    const secondEmail = unique('second');
    const second = await requestChange(s.id, secondEmail);
    expect((await details(s.id)).pendingEmail).toBe(secondEmail);

    const old = await confirm(first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: emailChange.replacedLink });
    expect((await confirm(second)).statusCode).toBe(200);
    expect(await storedEmail(s.id)).toBe(secondEmail);
  });

  it('refuses an altered link, one used on another role’s page, or none at all', async () => {
    const s = await addStudent();
    const token = await requestChange(s.id, unique('altered'));
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
    // The real link still works afterwards.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('refuses with 409 when another account took the address meanwhile, changing nothing', async () => {
    const s = await addStudent();
    const wanted = unique('wanted');
    const token = await requestChange(s.id, wanted);
    await signUp(t.app, 'student', { emailID: wanted });

    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: emailChange.taken });
    expect(await storedEmail(s.id)).toBe(s.email);
    expect((await t.app.inject({ url: '/api/', headers: { cookie: s.cookie } })).statusCode).toBe(200);
  });
});
