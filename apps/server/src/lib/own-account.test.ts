import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcademicChangeRequestPage } from '@portal/contracts/academic-records';
import { auth, conflicts } from '@portal/contracts/messages';
import type { StaffStudentDetails, UpdateStudentDetails } from '@portal/contracts/staff';
import { rowsOf } from '../db/raw-rows.ts';
import { migrationsFolder } from '../db/migrate.ts';
import { accounts, emailChangeRequests, students } from '../db/schema.ts';
import { signupBody } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { recordForm, world, type World } from '../test/world.ts';

/**
 * Conflicts of interest: one email is one account across the roles, and staff never decide about an
 * account that signs in with their own email. A fresh database cannot hold such a pair (its unique
 * index forbids it), so this file first turns its database into one migrated from a deployment that
 * already had a staff member with a student's email (the state of finding 8), running the migration's
 * hand-written step on it.
 */

let t: TestApp;
let w: World;
let decider: { cookie: string; email: string };
/** The staff member who also has a student account with the same email. */
let twin: { cookie: string; email: string };
let student: { cookie: string; email: string; id: string };

const indexes = async () =>
  rowsOf<{ indexname: string }>(
    await t.db.execute(sql`select indexname from pg_indexes where tablename = 'accounts' order by indexname`),
  ).map((r) => r.indexname);

/** The hand-written statement of the migration that made emails unique across roles. */
function uniqueEmailStep(): string {
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'))) {
    const text = readFileSync(path.join(migrationsFolder, file), 'utf8');
    const step = text
      .split('--> statement-breakpoint')
      .find((s) => s.includes('"accounts_email_key"') && s.includes('DO $$'));
    if (step) return step;
  }
  throw new Error('no migration creates accounts_email_key');
}

const inject = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const details = async (id: string, cookie = decider.cookie) =>
  (await inject('GET', `/api/college-staff/getStudentDetails/${id}`, cookie)).json<{
    message: StaffStudentDetails;
  }>().message;

async function staffEdit(id: string, cookie: string, change: (body: UpdateStudentDetails) => void) {
  const d = await details(id);
  const body = recordForm(d);
  change(body);
  return inject('PUT', '/api/college-staff/updateStudentDetails', cookie, body);
}

beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  decider = await w.staff({ firstName: 'Nisha', lastName: 'Rao' });
  twin = await w.staff({ firstName: 'Kiran', lastName: 'Shah' });
  const s = await w.student({ firstName: 'Kiran', lastName: 'Shah' });
  student = s;
});
afterAll(() => t.close());

describe('one email, one account', () => {
  it('a migrated database holds each email once, across the roles', async () => {
    expect(await indexes()).toContain('accounts_email_key');
    expect(await indexes()).not.toContain('accounts_role_email_key');
  });

  it('refuses a sign-up with an email another role uses, with that role’s "Already Exists"', async () => {
    const asStaff = await t.app.inject({
      method: 'POST',
      url: '/api/college-staff/signup',
      payload: signupBody('college-staff', { emailID: student.email }),
    });
    expect(asStaff.statusCode).toBe(409);
    expect(asStaff.json()).toEqual({ message: auth.staffExists });
    const asCompany = await t.app.inject({
      method: 'POST',
      url: '/api/company/signup',
      payload: signupBody('company', { emailID: decider.email }),
    });
    expect(asCompany.json()).toEqual({ message: auth.companyExists });
    const asStudent = await t.app.inject({
      method: 'POST',
      url: '/api/student/signup',
      payload: signupBody('student', { emailID: decider.email.toUpperCase() }),
    });
    expect(asStudent.json()).toEqual({ message: auth.studentExists });
  });

  it('the migration step leaves a deployment where an email already signs in as two roles working', async () => {
    // The database as it was before: unique per role, and a staff member with a student's email.
    await t.db.execute(sql.raw('DROP INDEX "accounts_email_key"'));
    await t.db.execute(
      sql.raw('CREATE UNIQUE INDEX "accounts_role_email_key" ON "accounts" ("role", "email")'),
    );
    await t.db.update(accounts).set({ email: student.email }).where(eq(accounts.email, twin.email));
    twin = { ...twin, email: student.email };

    await t.db.execute(sql.raw(uniqueEmailStep()));
    expect(await indexes()).toContain('accounts_role_email_key');
    expect(await indexes()).not.toContain('accounts_email_key');

    // Without the index, the application still refuses a third account with that email.
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/company/signup',
      payload: signupBody('company', { emailID: student.email }),
    });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ message: auth.companyExists });
  });
});

describe('staff never decide about an account with their own email', () => {
  it("cannot decide that student's academic change request (finding 8: CGPA 8 → 9.9)", async () => {
    const save = (cgpa: number) =>
      inject('PUT', '/api/student/updateProfileDetail', student.cookie, {
        typ: 'educationalDetails',
        value: { rollNumber: 7, degrees: ['B.Tech'], collegeName: 'GEC', cgpa, yearOfPassing: 2026 },
      });
    expect((await save(8)).statusCode).toBe(200);
    const verified = await staffEdit(
      student.id,
      decider.cookie,
      (b) => (b.educationalDetails.verified = true),
    );
    expect(verified.statusCode).toBe(200);
    expect((await save(9.9)).statusCode).toBe(200);
    const pending = (
      await inject('GET', '/api/college-staff/academicChangeRequests?status=Pending', decider.cookie)
    ).json<{ message: AcademicChangeRequestPage }>().message.items;
    const request = pending.find((r) => r.student._id === student.id)!;

    const own = await inject('PUT', `/api/college-staff/academicChangeRequests/${request._id}`, twin.cookie, {
      decision: 'Approved',
      reason: '',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: conflicts.ownAccount });
    expect((await details(student.id)).educationalDetails.cgpa).toBe(8);

    const other = await inject(
      'PUT',
      `/api/college-staff/academicChangeRequests/${request._id}`,
      decider.cookie,
      {
        decision: 'Rejected',
        reason: 'Please show the marksheet.',
      },
    );
    expect(other.statusCode).toBe(200);
  });

  it('cannot edit, verify or suspend their own student record', async () => {
    for (const change of [
      (b: UpdateStudentDetails) => (b.role = 'Suspended'),
      (b: UpdateStudentDetails) => (b.educationalDetails.cgpa = 9.9),
    ]) {
      const response = await staffEdit(student.id, twin.cookie, change);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: conflicts.ownAccount });
    }
    expect((await details(student.id)).role).toBe('Allowed');
  });

  it('cannot take the steps of an email change of their own student account', async () => {
    const asked = await staffEdit(
      student.id,
      decider.cookie,
      (b) => (b.personalDetail.emailID = 'kiran.new@example.com'),
    );
    expect(asked.statusCode).toBe(200);
    const [request] = await t.db
      .select({ id: emailChangeRequests.id })
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.accountId, student.id));
    const marked = await inject(
      'POST',
      `/api/college-staff/emailChanges/${request!.id}/lostAddress`,
      twin.cookie,
    );
    expect(marked.statusCode).toBe(403);
    expect(marked.json()).toEqual({ message: conflicts.ownAccount });
    expect(
      (await inject('POST', `/api/college-staff/emailChanges/${request!.id}/lostAddress`, decider.cookie))
        .statusCode,
    ).toBe(200);
    const approved = await inject(
      'POST',
      `/api/college-staff/emailChanges/${request!.id}/secondApproval`,
      twin.cookie,
    );
    expect(approved.statusCode).toBe(403);
    expect(approved.json()).toEqual({ message: conflicts.ownAccount });
  });

  it('cannot erase their own student account', async () => {
    await t.db.update(students).set({ yearOfPassing: 2020 }).where(eq(students.accountId, student.id));
    const response = await inject('POST', `/api/college-staff/students/${student.id}/erase`, twin.cookie, {
      confirmation: 'Kiran Shah',
      reason: 'Graduated',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: conflicts.ownAccount });
    expect((await details(student.id)).role).toBe('Allowed');
  });

  it("cannot decide the status of a company that signs in with the staff member's email", async () => {
    const company = await w.company({ approved: false });
    const companyId = company.id;
    await t.db.update(accounts).set({ email: decider.email }).where(eq(accounts.id, companyId));
    const response = await inject('PUT', `/api/college-staff/companies/${companyId}/status`, decider.cookie, {
      role: 'Allowed',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: conflicts.ownAccount });
    const allowed = await inject('PUT', `/api/college-staff/companies/${companyId}/status`, twin.cookie, {
      role: 'Allowed',
    });
    expect(allowed.statusCode).toBe(200);
  });
});
