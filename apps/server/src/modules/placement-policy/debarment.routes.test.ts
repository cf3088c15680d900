import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VacancyListing } from '@portal/contracts/jobs';
import { policy as messages } from '@portal/contracts/messages';
import type { StaffStudentDetails, UpdateStudentDetails } from '@portal/contracts/staff';
import type { StudentRecord } from '@portal/contracts/students';
import { studentAuditLog, students } from '../../db/schema.ts';
import { day } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, recordForm, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let staff: Person;
let jobId: string;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff();
  const company = await w.company();
  jobId = (await w.job(company, { role: 'Analyst' }))._id;
});
afterAll(() => t.close());

const details = async (id: string) =>
  (
    await t.app.inject({
      url: `/api/college-staff/getStudentDetails/${id}`,
      headers: { cookie: staff.cookie },
    })
  ).json().message as StaffStudentDetails;

/** Staff save the record as loaded, with the status and debarment given. */
async function saveStatus(id: string, role: UpdateStudentDetails['role'], debarment?: unknown) {
  const d = await details(id);
  return t.app.inject({
    method: 'PUT',
    url: '/api/college-staff/updateStudentDetails',
    headers: { cookie: staff.cookie },
    payload: {
      ...recordForm(d),
      role,
      ...(debarment === undefined ? {} : { debarment }),
    },
  });
}

const record = async (cookie: string) =>
  (await t.app.inject({ url: '/api/student/getUserData', headers: { cookie } })).json()
    .message as StudentRecord;
/** A student with academic details and a resume: all Apply needs of a profile. */
const readyStudent = async () => {
  const s = await w.student({ academics: true });
  await w.resume(s);
  return s;
};

const apply = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/student/jobApplyByStudent',
    headers: { cookie },
    payload: { jobID: jobId },
  });
const reasonInList = async (cookie: string) =>
  (
    (await t.app.inject({ url: '/api/student/getJobs', headers: { cookie } })).json()
      .message as VacancyListing
  )
    .flatMap((c) => c.jobs)
    .find((j) => j._id === jobId)?.notEligibleReason;

describe('debarment with a reason and an end date', () => {
  it('is shown to the student, refuses Apply and the vacancy list with it, and is audited', async () => {
    const s = await readyStudent();
    const { id } = s;
    const until = day(30);
    const saved = await saveStatus(id, 'Debarred', { reason: 'Skipped two interviews', until });
    expect(saved.statusCode).toBe(200);

    expect((await record(s.cookie)).debarment).toEqual({ reason: 'Skipped two interviews', until });
    expect((await details(id)).debarment).toEqual({ reason: 'Skipped two interviews', until });
    const message = messages.debarred(until, 'Skipped two interviews');
    expect(message).toBe(`You are debarred by the placement cell until ${until}: Skipped two interviews`);
    expect(await reasonInList(s.cookie)).toBe(message);
    const refused = await apply(s.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message });

    const audit = await t.db.select().from(studentAuditLog).where(eq(studentAuditLog.studentId, id));
    expect(audit.map((a) => [a.field, a.oldValue, a.newValue])).toEqual(
      expect.arrayContaining([
        ['Account status', 'Allowed', 'Debarred'],
        ['Debarment reason', '', 'Skipped two interviews'],
        ['Debarred until', '', until],
      ]),
    );
  });

  it('is lifted after its end date: the student may apply again, while staff still read it', async () => {
    const s = await readyStudent();
    const { id } = s;
    await saveStatus(id, 'Debarred', { reason: 'Absent', until: day(5) });
    expect((await apply(s.cookie)).statusCode).toBe(403);
    await t.db
      .update(students)
      .set({ debarredUntil: day(-1) })
      .where(eq(students.accountId, id));

    expect((await record(s.cookie)).debarment).toBeNull();
    expect((await details(id)).debarment).toEqual({ reason: 'Absent', until: day(-1) });
    expect(await reasonInList(s.cookie)).toBeNull();
    expect((await apply(s.cookie)).statusCode).toBe(201);
  });

  it('lasts until lifted without an end date, and another status clears it', async () => {
    const s = await readyStudent();
    const { id } = s;
    await saveStatus(id, 'Debarred', { reason: '', until: null });
    expect((await record(s.cookie)).debarment).toEqual({ reason: '', until: null });
    expect((await apply(s.cookie)).json()).toEqual({ message: 'You are debarred by the placement cell.' });

    // A save that leaves the debarment out keeps it.
    const other = await saveStatus(id, 'Debarred');
    expect(other.statusCode).toBe(200);
    expect((await record(s.cookie)).debarment).toEqual({ reason: '', until: null });

    await saveStatus(id, 'Debarred', { reason: 'Fake documents', until: null });
    expect((await saveStatus(id, 'Allowed', { reason: 'ignored', until: day(3) })).statusCode).toBe(200);
    const [row] = await t.db.select().from(students).where(eq(students.accountId, id));
    expect(row).toMatchObject({ debarReason: '', debarredUntil: null });
    expect((await record(s.cookie)).debarment).toBeNull();
    expect((await apply(s.cookie)).statusCode).toBe(201);
  });

  it.each([
    [{ reason: 'x'.repeat(301), until: null }, messages.debarReason],
    [{ reason: 'Late', until: '2026-02-31x' }, messages.debarredUntil],
    [{ reason: 'Late', until: 'tomorrow' }, messages.debarredUntil],
  ])('refuses a bad debarment (%o) and changes nothing', async (debarment, message) => {
    const s = await readyStudent();
    const { id } = s;
    const response = await saveStatus(id, 'Debarred', debarment);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await details(id)).role).toBe('Allowed');
  });
});
