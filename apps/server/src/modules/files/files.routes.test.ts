import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@portal/contracts/messages';
import type { RecordViewPage } from '@portal/contracts/record-views';
import { accounts, students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';
import { JPEG, multipart, PDF, PNG } from '../../test/uploads.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const upload = (
  url: string,
  cookie: string,
  form: ReturnType<typeof multipart>,
  method: 'POST' | 'PUT' = 'POST',
) => t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, cookie } });

const record = async (cookie: string) =>
  (await t.app.inject({ url: '/api/student/getUserData', headers: { cookie } })).json().message;

const uploadsDir = () => (t.config.storage.driver === 'disk' ? t.config.storage.dir : '');
const storedFiles = async (ownerId: string) => fs.readdir(path.join(uploadsDir(), ownerId)).catch(() => []);

describe('profile pictures', () => {
  it('stores a PNG, links it from the record and serves it to the owner, staff and companies only', async () => {
    const student = await w.student();
    const response = await upload(
      '/api/student/uploadProfilePicture',
      student.cookie,
      multipart('profilePicture', 'me.png', 'image/png', PNG),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: uploads.pictureUpdated });
    const url = (await record(student.cookie)).personalDetail.profilePicture as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/picture-[0-9a-f]{16}\.png$/);

    const own = await t.app.inject({ url, headers: { cookie: student.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);

    for (const role of ['college-staff', 'company'] as const) {
      const viewer = await w.account(role);
      expect((await t.app.inject({ url, headers: { cookie: viewer.cookie } })).statusCode).toBe(200);
    }
    const other = await w.student();
    const refused = await t.app.inject({ url, headers: { cookie: other.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: uploads.notYourFile });
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('deletes the replaced picture from storage', async () => {
    const student = await w.student();
    const form = multipart('profilePicture', 'a.png', 'image/png', PNG);
    await upload('/api/student/uploadProfilePicture', student.cookie, form);
    const first = (await record(student.cookie)).personalDetail.profilePicture as string;
    await upload(
      '/api/student/uploadProfilePicture',
      student.cookie,
      multipart('profilePicture', 'b.jpg', 'image/jpeg', JPEG),
    );
    const second = (await record(student.cookie)).personalDetail.profilePicture as string;
    expect(second).toMatch(/\.jpg$/);
    expect((await t.app.inject({ url: first, headers: { cookie: student.cookie } })).statusCode).toBe(404);
    const ownerId = second.split('/')[3]!;
    expect(await storedFiles(ownerId)).toEqual([second.split('/')[4]]);
  });

  it('lets staff (PUT) and companies (POST) change their own pictures', async () => {
    const staff = await w.staff();
    const staffUpload = await upload(
      '/api/college-staff/uploadProfilePicture',
      staff.cookie,
      multipart('profilePicture', 'me.png', 'image/png', PNG),
      'PUT',
    );
    expect(staffUpload.statusCode).toBe(200);
    const staffRecord = await t.app.inject({
      url: '/api/college-staff/getCollegeStaffData',
      headers: { cookie: staff.cookie },
    });
    expect(staffRecord.json().message.personalDetail.profilePicture).toMatch(/\.png$/);

    const company = await w.company();
    const companyUpload = await upload(
      '/api/company/uploadProfilePicture',
      company.cookie,
      multipart('profilePicture', 'logo.jpg', 'image/jpeg', JPEG),
    );
    expect(companyUpload.statusCode).toBe(200);
  });

  it.each([
    ['a PDF renamed .png', multipart('profilePicture', 'x.png', 'image/png', PDF), uploads.pictureInvalid],
    [
      'text claiming to be an image',
      multipart('profilePicture', 'x.jpg', 'image/jpeg', Buffer.from('hello')),
      uploads.pictureInvalid,
    ],
    [
      'a picture of exactly 1,000,000 bytes',
      multipart(
        'profilePicture',
        'big.png',
        'image/png',
        Buffer.concat([PNG, Buffer.alloc(1_000_000 - PNG.length)]),
      ),
      uploads.pictureTooLarge,
    ],
    ['the wrong field', multipart('avatar', 'x.png', 'image/png', PNG), uploads.noFile('profilePicture')],
  ])('refuses %s and stores nothing', async (_label, form, message) => {
    const student = await w.student();
    const response = await upload('/api/student/uploadProfilePicture', student.cookie, form);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await record(student.cookie)).personalDetail.profilePicture).toBe('');
    const [row] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, student.email));
    expect(await storedFiles(row!.id)).toEqual([]);
  });

  it('accepts a picture of 999,999 bytes', async () => {
    const student = await w.student();
    const bytes = Buffer.concat([PNG, Buffer.alloc(999_999 - PNG.length)]);
    const response = await upload(
      '/api/student/uploadProfilePicture',
      student.cookie,
      multipart('profilePicture', 'ok.png', 'image/png', bytes),
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses a JSON body with a clear message', async () => {
    const student = await w.student();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/student/uploadProfilePicture',
      headers: { cookie: student.cookie },
      payload: { profilePicture: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: uploads.notMultipart });
  });

  it('refuses an upload cut off before its closing boundary with a 400, keeping the old picture', async () => {
    const student = await w.student();
    await upload(
      '/api/student/uploadProfilePicture',
      student.cookie,
      multipart('profilePicture', 'me.png', 'image/png', PNG),
    );
    const before = (await record(student.cookie)).personalDetail.profilePicture as string;
    const whole = multipart('profilePicture', 'new.png', 'image/png', JPEG);
    const cut = { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 40) };
    const response = await upload('/api/student/uploadProfilePicture', student.cookie, cut);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: uploads.incomplete });
    expect((await record(student.cookie)).personalDetail.profilePicture).toBe(before);
  });
});

describe('resumes', () => {
  it('stores a PDF and serves it as application/pdf with a safe file name', async () => {
    const student = await w.student({ firstName: 'Zoë "x"', lastName: 'D’Souza' });
    const response = await upload(
      '/api/student/uploadResume',
      student.cookie,
      multipart('resume', 'cv.pdf', 'application/pdf', PDF),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: uploads.resumeUploaded });
    const url = (await record(student.cookie)).resume as string;
    expect(url).toMatch(/\/resume-[0-9a-f]{16}\.pdf$/);
    const file = await t.app.inject({ url, headers: { cookie: student.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="resume-zoe-x-d-souza.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a PNG renamed .pdf and a PDF over 5,000,000 bytes, keeping the old resume', async () => {
    const student = await w.student();
    await upload(
      '/api/student/uploadResume',
      student.cookie,
      multipart('resume', 'cv.pdf', 'application/pdf', PDF),
    );
    const before = (await record(student.cookie)).resume as string;

    const renamed = await upload(
      '/api/student/uploadResume',
      student.cookie,
      multipart('resume', 'cv.pdf', 'application/pdf', PNG),
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ message: uploads.resumeInvalid });

    const huge = Buffer.concat([PDF, Buffer.alloc(5_000_001 - PDF.length)]);
    const tooLarge = await upload(
      '/api/student/uploadResume',
      student.cookie,
      multipart('resume', 'cv.pdf', 'application/pdf', huge),
    );
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ message: uploads.resumeTooLarge });

    expect((await record(student.cookie)).resume).toBe(before);
    const [row] = await t.db
      .select({ resume: students.resume })
      .from(students)
      .innerJoin(accounts, eq(accounts.id, students.accountId))
      .where(eq(accounts.email, student.email));
    expect(await storedFiles(row!.resume.split('/')[0]!)).toEqual([row!.resume.split('/')[1]]);
  });

  it('accepts a PDF of exactly 5,000,000 bytes', async () => {
    const student = await w.student();
    const bytes = Buffer.concat([PDF, Buffer.alloc(5_000_000 - PDF.length)]);
    const response = await upload(
      '/api/student/uploadResume',
      student.cookie,
      multipart('resume', 'cv.pdf', 'application/pdf', bytes),
    );
    expect(response.statusCode).toBe(200);
  });

  it('logs a company or staff member opening a resume for the student, but not a picture', async () => {
    const student = await w.student();
    await upload(
      '/api/student/uploadResume',
      student.cookie,
      multipart('resume', 'cv.pdf', 'application/pdf', PDF),
    );
    await upload(
      '/api/student/uploadProfilePicture',
      student.cookie,
      multipart('profilePicture', 'me.png', 'image/png', PNG),
    );
    const { resume, personalDetail } = await record(student.cookie);
    const company = await w.company({ company: 'Globex Labs' });
    const staff = await w.staff({ firstName: 'Nisha', lastName: 'Rao' });

    for (const cookie of [student.cookie, company.cookie, company.cookie, staff.cookie]) {
      expect((await t.app.inject({ url: resume as string, headers: { cookie } })).statusCode).toBe(200);
    }
    for (const cookie of [company.cookie, staff.cookie]) {
      const url = personalDetail.profilePicture as string;
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode).toBe(200);
    }

    const views = await t.app.inject({
      url: '/api/student/recordViews',
      headers: { cookie: student.cookie },
    });
    const page = views.json<{ message: RecordViewPage }>().message;
    expect(page.items.map(({ viewer, what }) => [viewer, what])).toEqual([
      ['Placement cell (Nisha Rao)', 'resume'],
      ['Globex Labs', 'resume'],
    ]);
  });

  it("refuses a suspended or debarred student's files to companies as if absent, but serves staff", async () => {
    const student = await w.student();
    await upload(
      '/api/student/uploadResume',
      student.cookie,
      multipart('resume', 'cv.pdf', 'application/pdf', PDF),
    );
    await upload(
      '/api/student/uploadProfilePicture',
      student.cookie,
      multipart('profilePicture', 'me.png', 'image/png', PNG),
    );
    const { resume, personalDetail } = await record(student.cookie);
    const company = await w.company();
    const staff = await w.staff();

    for (const status of ['Suspended', 'Debarred'] as const) {
      await t.db.update(accounts).set({ status }).where(eq(accounts.email, student.email));
      for (const url of [resume as string, personalDetail.profilePicture as string]) {
        const refused = await t.app.inject({ url, headers: { cookie: company.cookie } });
        expect(refused.statusCode, `${status} ${url}`).toBe(404);
        expect(refused.json()).toEqual({ message: uploads.fileNotFound });
        expect((await t.app.inject({ url, headers: { cookie: staff.cookie } })).statusCode).toBe(200);
      }
    }
    await t.db.update(accounts).set({ status: 'Allowed' }).where(eq(accounts.email, student.email));
    expect(
      (await t.app.inject({ url: resume as string, headers: { cookie: company.cookie } })).statusCode,
    ).toBe(200);
  });

  it('tells every cache not to keep a file', async () => {
    const student = await w.student();
    await upload(
      '/api/student/uploadResume',
      student.cookie,
      multipart('resume', 'cv.pdf', 'application/pdf', PDF),
    );
    const response = await t.app.inject({
      url: (await record(student.cookie)).resume as string,
      headers: { cookie: student.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 for a file that is not the owner’s current one', async () => {
    const student = await w.student();
    const [row] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, student.email));
    const response = await t.app.inject({
      url: `/api/files/${row!.id}/resume-0123456789abcdef.pdf`,
      headers: { cookie: student.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: uploads.fileNotFound });
  });
});
