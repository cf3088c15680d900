import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { auth, erasure, notFound } from '@portal/contracts/messages';
import { auditLabels } from '@portal/contracts/audit';
import {
  accounts,
  applicationEvents,
  applications,
  internships,
  notifications,
  offers,
  sessions,
  studentAuditLog,
  students,
  calendarFeeds,
} from '../../db/schema.ts';
import { PASSWORD } from '../../test/accounts.ts';
import { acceptedOffer, day } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, world, type World } from '../../test/world.ts';
import { PDF, PNG } from '../../test/uploads.ts';

let t: TestApp;
let w: World;
let staff: string;
let company: Company;
let jobId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = (await w.staff({ firstName: 'Meera', lastName: 'Iyer' })).cookie;
  company = await w.company({ company: 'Globex' });
  jobId = (await w.job(company, { role: 'Data Engineer' }))._id;
});
afterAll(() => t.close());

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** The year it is where the college is (the test app's TIME_ZONE), as erasure reads it. */
const thisYear = Number(day(0).slice(0, 4));

const uploadsDir = () => (t.config.storage.driver === 'disk' ? t.config.storage.dir : '');

/** Every entry of a ZIP by name. */
function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

let graduates = 0;
/** A signed-up student with academic details, a resume, a picture, and a past year of passing. */
async function graduate(firstName: string, yearOfPassing = 2020) {
  const s = await w.student({
    firstName,
    lastName: 'Rao',
    phone: '9123456780',
    academics: { rollNumber: `19BCE${(graduates += 1)}`, cgpa: 8.1 },
  });
  const { id } = s;
  await w.resume(s);
  await w.picture(s);
  await t.db.insert(internships).values({
    studentId: id,
    company: 'Initech',
    role: 'Intern',
    duration: '3 months',
    description: 'Built a private thing',
  });
  await t.db.update(students).set({ yearOfPassing }).where(eq(students.accountId, id));
  return s;
}

const files = async (id: string) => {
  const [row] = await t.db
    .select({ resume: students.resume, picture: accounts.profilePicture })
    .from(students)
    .innerJoin(accounts, eq(accounts.id, students.accountId))
    .where(eq(students.accountId, id));
  return [row!.resume, row!.picture];
};

const erase = (id: string, body: object = { confirmation: 'Kavya Rao', reason: 'Graduated in 2020' }) =>
  req(staff, 'POST', `/api/college-staff/students/${id}/erase`, body);

describe('GET /api/student/myData', () => {
  it('streams a ZIP with the record, applications with every stage event, offers, notifications, views, audit and files', async () => {
    const me = await graduate('Kavya', 2030);
    const other = await graduate('Other', 2030);
    await w.move(company, await w.apply(me, jobId), { stage: 'Shortlisted' });
    // A staff look and a staff edit leave a record view and an audit entry.
    const details = (await req(staff, 'GET', `/api/college-staff/getStudentDetails/${me.id}`)).json().message;
    await t.db.insert(studentAuditLog).values({
      studentId: me.id,
      actorName: 'Meera Iyer',
      field: auditLabels.placementNote,
      oldValue: '',
      newValue: 'Doing well',
    });
    await t.db
      .insert(notifications)
      .values({ accountId: other.id, sender: 'X', title: 'Not yours', body: 'secret' });
    expect(details.personalDetail.firstName).toBe('Kavya');

    const response = await req(me.cookie, 'GET', '/api/student/myData');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    // Named after today where the college is (TIME_ZONE), not in UTC.
    expect(response.headers['content-disposition']).toBe(`attachment; filename="my-data-${day(0)}.zip"`);
    const zip = await readZip(response.rawPayload);
    expect([...zip.keys()].sort()).toEqual([
      'README.txt',
      'applications.json',
      'audit.json',
      'files/profile-picture.png',
      'files/resume.pdf',
      'notifications.json',
      'offers.json',
      'record-views.json',
      'record.json',
    ]);
    const read = (name: string) => JSON.parse(zip.get(name)!.toString('utf8'));
    const record = read('record.json');
    expect(record.personalDetail).toMatchObject({ firstName: 'Kavya', lastName: 'Rao', phone: '9123456780' });
    expect(record.educationalDetails).toMatchObject({
      rollNumber: expect.stringMatching(/^19BCE\d+$/),
      cgpa: 8.1,
      yearOfPassing: 2030,
    });
    expect(record.pastInternshipsProjects.internships[0]).toMatchObject({ company: 'Initech' });
    const apps = read('applications.json');
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ role: 'Data Engineer', company: 'Globex', stage: 'Shortlisted' });
    expect(apps[0].events.map((e: { stage: string }) => e.stage)).toEqual(['Form Submitted', 'Shortlisted']);
    expect(read('notifications.json').some((n: { title: string }) => n.title.includes('Shortlisted'))).toBe(
      true,
    );
    expect(read('record-views.json')).toEqual([
      expect.objectContaining({ viewer: expect.stringContaining('Meera Iyer'), what: 'record' }),
    ]);
    expect(read('audit.json')).toContainEqual(
      expect.objectContaining({ field: 'Placement note', newValue: 'Doing well' }),
    );
    expect(read('offers.json')).toEqual([]);
    expect(zip.get('files/resume.pdf')).toEqual(PDF);
    expect(zip.get('files/profile-picture.png')).toEqual(PNG);
    expect(zip.get('README.txt')!.toString()).toContain('record-views.json');

    const keys = (value: unknown): string[] =>
      value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)]) : [];
    const jsonKeys = [...zip.keys()].filter((n) => n.endsWith('.json')).flatMap((n) => keys(read(n)));
    expect(jsonKeys.filter((k) => /password|hash|token|session/i.test(k))).toEqual([]);
    const [{ passwordHash } = { passwordHash: 'missing' }] = await t.db
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.id, me.id));
    const everything = [...zip.values()].map((b) => b.toString('latin1')).join('\n');
    expect(everything).not.toContain(passwordHash);
    expect(everything).not.toMatch(/\$argon2/);
    expect(everything).not.toContain('Not yours');
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain(other.id);
  });

  it('is for students only', async () => {
    expect((await req(staff, 'GET', '/api/student/myData')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/student/myData' })).statusCode).toBe(401);
  });
});

describe('POST /api/college-staff/students/:id/erase', () => {
  it('erases the personal data, deletes the files, refuses sign-in and keeps the statistics identical', async () => {
    const s = await graduate('Kavya');
    await acceptedOffer(t.db, s.id, jobId, 12);
    await t.db
      .update(students)
      .set({ isPlaced: true, placedCompany: 'Globex', packageOffered: 12 })
      .where(eq(students.accountId, s.id));
    const [application] = await t.db.select().from(applications).where(eq(applications.studentId, s.id));
    await t.db.insert(applicationEvents).values({
      applicationId: application!.id,
      stage: 'Offer Letter',
      offerState: 'Accepted',
      actorId: s.id,
      actorName: 'Kavya Rao',
    });
    const keys = await files(s.id);
    for (const key of keys) await expect(fs.stat(path.join(uploadsDir(), key))).resolves.toBeTruthy();
    const status = (await req(staff, 'GET', `/api/college-staff/students/${s.id}/erasure`)).json().message;
    expect(status).toEqual({ allowed: true, reason: null, confirmWith: 'Kavya Rao' });
    const statsBefore = (await req(staff, 'GET', '/api/college-staff/statistics')).json();
    const feed = await req(s.cookie, 'POST', '/api/student/calendarFeed');
    expect(feed.statusCode).toBe(201);
    const feedPath = new URL(feed.json().message.url as string).pathname;
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);

    const wrongName = await erase(s.id, { confirmation: 'Someone Else', reason: 'Graduated' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json()).toEqual({ message: erasure.confirmation });

    const response = await erase(s.id, { confirmation: ' kavya rao ', reason: 'Graduated in 2020' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: erasure.erased });

    const [row] = await t.db
      .select()
      .from(students)
      .innerJoin(accounts, eq(accounts.id, students.accountId))
      .where(eq(students.accountId, s.id));
    expect(row!.accounts).toMatchObject({
      firstName: 'Former',
      lastName: 'student',
      email: `erased-${s.id}@invalid`,
      phone: '',
      profilePicture: '',
      status: 'Erased',
    });
    expect(row!.students).toMatchObject({
      fathersName: '',
      mothersName: '',
      rollNumber: null,
      resume: '',
      degrees: ['B.Tech CSE'],
      cgpa: 8.1,
      yearOfPassing: 2020,
      isPlaced: true,
      packageOffered: 12,
    });
    expect(await t.db.select().from(internships).where(eq(internships.studentId, s.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.accountId, s.id))).toEqual([]);
    // The private calendar link stops working: it would otherwise still list the student's interviews.
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, s.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    expect(await t.db.select().from(notifications).where(eq(notifications.accountId, s.id))).toEqual([]);
    expect(await t.db.select().from(offers).where(eq(offers.studentId, s.id))).toHaveLength(1);
    const events = await t.db.select().from(applicationEvents).where(eq(applicationEvents.actorId, s.id));
    expect(events.map((e) => e.actorName)).toEqual(['Former student']);
    const audit = await t.db.select().from(studentAuditLog).where(eq(studentAuditLog.studentId, s.id));
    expect(audit).toContainEqual(
      expect.objectContaining({
        field: 'Account erased',
        actorName: 'Meera Iyer',
        newValue: 'Graduated in 2020',
      }),
    );
    for (const key of keys) await expect(fs.stat(path.join(uploadsDir(), key))).rejects.toThrow();

    // The old session ends; signing in answers as a wrong password does, by either email.
    expect((await req(s.cookie, 'GET', '/api/student/getUserData')).statusCode).toBe(401);
    const signin = (emailID: string) =>
      t.app.inject({ method: 'POST', url: '/api/student/signin', payload: { emailID, password: PASSWORD } });
    const byOldEmail = await signin(s.email);
    expect(byOldEmail.statusCode).toBe(401);
    expect(byOldEmail.json()).toEqual({ message: auth.badCredentials });
    // The placeholder is not even a valid email to sign in with.
    expect((await signin(`erased-${s.id}@invalid`)).statusCode).toBe(400);

    expect((await req(staff, 'GET', '/api/college-staff/statistics')).json()).toEqual(statsBefore);

    // Staff cannot edit the erased record back to life.
    const stored = (await req(staff, 'GET', `/api/college-staff/getStudentDetails/${s.id}`)).json().message;
    expect(stored.personalDetail).toMatchObject({ firstName: 'Former', lastName: 'student', phone: '' });
    const edit = await req(staff, 'PUT', '/api/college-staff/updateStudentDetails', {
      id: s.id,
      version: stored.version,
      role: 'Allowed',
      personalDetail: {
        firstName: 'Kavya',
        lastName: 'Rao',
        fathersName: '',
        mothersName: '',
        emailID: 'kavya@example.com',
        phone: '9123456780',
      },
      educationalDetails: { ...stored.educationalDetails, verification: undefined },
      placementStatus: stored.placementStatus,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: erasure.alreadyErased });

    const again = await erase(s.id, { confirmation: 'Former student', reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: erasure.alreadyErased });
  });

  it('is refused before graduation and while an offer waits for the decision', async () => {
    const young = await graduate('Kavya', thisYear);
    const early = await erase(young.id);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: erasure.notGraduated(thisYear) });
    expect(
      (await req(staff, 'GET', `/api/college-staff/students/${young.id}/erasure`)).json().message,
    ).toMatchObject({
      allowed: false,
      reason: erasure.notGraduated(thisYear),
    });

    const offered = await graduate('Kavya');
    await acceptedOffer(t.db, offered.id, jobId, 9, 'Offered');
    const pending = await erase(offered.id);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ message: erasure.pendingOffer });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, offered.id));
    expect(row).toMatchObject({ firstName: 'Kavya', status: 'Allowed' });
    expect(await files(offered.id)).not.toContain('');
  });

  it('answers 404 for a student that does not exist, and 400 without a reason', async () => {
    const missing = await erase('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: notFound.student });
    const s = await graduate('Kavya');
    expect((await erase(s.id, { confirmation: 'Kavya Rao', reason: ' ' })).json()).toEqual({
      message: erasure.reason,
    });
  });
});

describe('a file that cannot be deleted', () => {
  it('is logged, and the erasure stands', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const own = await createTestApp({}, { logStream });
    try {
      const ownWorld = world(own);
      const staffCookie = (await ownWorld.staff()).cookie;
      const { id } = await ownWorld.student({ firstName: 'Kavya', lastName: 'Rao' });
      await ownWorld.resume({ id });
      await own.db.update(students).set({ yearOfPassing: 2020 }).where(eq(students.accountId, id));
      const [row] = await own.db
        .select({ resume: students.resume })
        .from(students)
        .where(eq(students.accountId, id));
      // A directory where the file was: unlinking it fails.
      const dir = own.config.storage.driver === 'disk' ? own.config.storage.dir : '';
      const file = path.join(dir, row!.resume);
      await fs.rm(file);
      await fs.mkdir(file);
      await fs.writeFile(path.join(file, 'keep'), 'x');

      const response = await own.app.inject({
        method: 'POST',
        url: `/api/college-staff/students/${id}/erase`,
        headers: { cookie: staffCookie },
        payload: { confirmation: 'Kavya Rao', reason: 'Graduated' },
      });
      expect(response.statusCode).toBe(200);
      const [account] = await own.db.select().from(accounts).where(eq(accounts.id, id));
      expect(account).toMatchObject({ status: 'Erased', firstName: 'Former' });
      expect(lines.join('')).toContain('could not delete an erased student');
    } finally {
      await own.close();
    }
  });
});

describe('retention', () => {
  it('is off by default, previews who is due and erases them in bulk', async () => {
    expect((await req(staff, 'GET', '/api/college-staff/retention')).json()).toEqual({
      message: { retentionMonths: null },
    });
    const off = (await req(staff, 'POST', '/api/college-staff/retention/preview')).json().message;
    expect(off).toEqual({ retentionMonths: null, dueYear: null, count: 0, students: [] });
    expect(
      (await req(staff, 'POST', '/api/college-staff/retention/apply', { reason: 'Retention' })).json(),
    ).toEqual({
      message: erasure.retentionOff,
    });

    const old = await graduate('Oldest', 2001);
    const recent = await graduate('Recent', thisYear);
    const bad = await req(staff, 'PUT', '/api/college-staff/retention', { retentionMonths: -1 });
    expect(bad.json()).toEqual({ message: erasure.retentionMonths });
    const saved = await req(staff, 'PUT', '/api/college-staff/retention', { retentionMonths: 24 });
    expect(saved.json()).toEqual({ message: { retentionMonths: 24 } });

    const preview = (await req(staff, 'POST', '/api/college-staff/retention/preview')).json().message;
    expect(preview.dueYear).toBeLessThanOrEqual(thisYear - 3);
    expect(preview.students[0]).toEqual({
      _id: old.id,
      name: 'Oldest Rao',
      rollNumber: expect.stringMatching(/^19BCE\d+$/),
      yearOfPassing: 2001,
    });
    expect(preview.students.map((s: { _id: string }) => s._id)).not.toContain(recent.id);

    const applied = await req(staff, 'POST', '/api/college-staff/retention/apply', {
      reason: 'Retention policy',
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().message.erased).toBe(preview.count);
    const [oldRow] = await t.db.select().from(accounts).where(eq(accounts.id, old.id));
    const [recentRow] = await t.db.select().from(accounts).where(eq(accounts.id, recent.id));
    expect(oldRow).toMatchObject({ firstName: 'Former', status: 'Erased' });
    expect(recentRow).toMatchObject({ firstName: 'Recent', status: 'Allowed' });
    expect((await req(staff, 'POST', '/api/college-staff/retention/preview')).json().message.count).toBe(0);
  });
});
