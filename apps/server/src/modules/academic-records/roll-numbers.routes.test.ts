import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalid, required } from '@portal/contracts/messages';
import type { ImportPreview } from '@portal/contracts/student-imports';
import type { StudentPage } from '@portal/contracts/staff';
import { DEFAULT_ROLL_NUMBER_FORMAT } from '@portal/contracts/students';
import { students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/uploads.ts';
import { type Person, recordForm, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let staff: Person;

beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff({ firstName: 'Uma', lastName: 'Rao' });
});
afterAll(() => t.close());

const value = (rollNumber: unknown) => ({
  rollNumber,
  degrees: ['B.Tech Computer Science and Engineering'],
  collegeName: 'GEC',
  cgpa: 8,
  yearOfPassing: 2026,
});

const save = (cookie: string, rollNumber: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/student/updateProfileDetail',
    headers: { cookie },
    payload: { typ: 'educationalDetails', value: value(rollNumber) },
  });

const stored = async (id: string) =>
  (await t.db.select({ roll: students.rollNumber }).from(students).where(eq(students.accountId, id)))[0]!
    .roll;

const saveSettings = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/college-staff/settings',
    headers: { cookie: staff.cookie },
    payload,
  });

describe('roll numbers as the college writes them', () => {
  it('keeps a roll number with letters, / and - as text', async () => {
    const s = await w.student();
    const response = await save(s.cookie, '19BCE1234');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message.educationalDetails.rollNumber).toBe('19BCE1234');
    expect(await stored(s.id)).toBe('19BCE1234');
    expect((await save(s.cookie, ' 19/BCE-1235 ')).statusCode).toBe(200);
    expect(await stored(s.id)).toBe('19/BCE-1235');
  });

  it('accepts the number a client of the specification sends, kept as its digits', async () => {
    const s = await w.student();
    const response = await save(s.cookie, 2021007);
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(s.id)).toBe('2021007');
  });

  it("answers an empty or non-positive roll number with the specification's messages, saving nothing", async () => {
    const s = await w.student();
    for (const [roll, message] of [
      ['', required.rollNumber],
      ['   ', required.rollNumber],
      [null, required.rollNumber],
      [0, invalid.rollNumber],
      [-5, invalid.rollNumber],
      [1.5, invalid.rollNumber],
      ['-5', invalid.rollNumber],
      ['0', invalid.rollNumber],
    ] as const) {
      const response = await save(s.cookie, roll);
      expect(response.statusCode, String(roll)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/student/updateProfileDetail',
      headers: { cookie: s.cookie },
      payload: { typ: 'educationalDetails', value: { ...value(1), rollNumber: undefined } },
    });
    expect(missing.json().message).toBe(required.rollNumber);
    expect(await stored(s.id)).toBeNull();
  });

  it('refuses a roll number outside the format, naming the format', async () => {
    const s = await w.student();
    const response = await save(s.cookie, '19 BCE#1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(invalid.rollNumberFormat(DEFAULT_ROLL_NUMBER_FORMAT));
    expect(await stored(s.id)).toBeNull();
  });

  it('gives one roll number to one of several students saving it at the same moment', async () => {
    const racers = await Promise.all([w.student(), w.student(), w.student(), w.student()]);
    const answers = await Promise.all(racers.map((r) => save(r.cookie, '23RACE0001')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe(invalid.rollNumberTaken);
    }
    const holders = await t.db
      .select({ id: students.accountId })
      .from(students)
      .where(sql`upper(${students.rollNumber}) = '23RACE0001'`);
    expect(holders).toHaveLength(1);
  });

  it("refuses another student's roll number, in any case", async () => {
    const first = await w.student();
    const second = await w.student();
    expect((await save(first.cookie, '20MCA0001')).statusCode).toBe(200);
    const response = await save(second.cookie, '20mca0001');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(invalid.rollNumberTaken);
    expect(await stored(second.id)).toBeNull();
    // Saving one's own again is no clash.
    expect((await save(first.cookie, '20MCA0001')).statusCode).toBe(200);
  });

  it("refuses, in the staff edit, another student's roll number", async () => {
    const first = await w.student();
    const second = await w.student({ academics: true });
    expect((await save(first.cookie, '20MBA0001')).statusCode).toBe(200);
    const details = await t.app.inject({
      url: `/api/college-staff/getStudentDetails/${second.id}`,
      headers: { cookie: staff.cookie },
    });
    const form = recordForm(details.json().message);
    form.educationalDetails.rollNumber = '20MBA0001';
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/college-staff/updateStudentDetails',
      headers: { cookie: staff.cookie },
      payload: form,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(invalid.rollNumberTaken);
    expect(await stored(second.id)).not.toBe('20MBA0001');
  });

  it('checks against the format staff set, and refuses a format that is no regular expression', async () => {
    const bad = await saveSettings({ requireVerifiedAcademics: false, rollNumberFormat: '([A-Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(invalid.rollNumberFormatSetting);

    const format = '\\d{2}[A-Z]{3}\\d{4}';
    const saved = await saveSettings({ requireVerifiedAcademics: false, rollNumberFormat: format });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toEqual({ requireVerifiedAcademics: false, rollNumberFormat: format });
    // A client that knows only the verification switch keeps the format.
    await saveSettings({ requireVerifiedAcademics: false });
    const s = await w.student();
    const refused = await save(s.cookie, '19/BCE/1');
    expect(refused.json().message).toBe(invalid.rollNumberFormat(format));
    expect((await save(s.cookie, '19BCE4321')).statusCode).toBe(200);
    await saveSettings({ requireVerifiedAcademics: false, rollNumberFormat: DEFAULT_ROLL_NUMBER_FORMAT });
  });

  it('imports roll numbers with letters and refuses, row by row, one outside the format', async () => {
    const upload = (csv: string) => {
      const form = multipart('file', 'students.csv', 'text/csv', Buffer.from(csv));
      return t.app.inject({
        method: 'POST',
        url: '/api/college-staff/imports',
        payload: form.payload,
        headers: { ...form.headers, cookie: staff.cookie },
      });
    };
    const csv =
      'Roll Number,First Name,Last Name,Email,Phone\n' +
      '21ECE0101,Neha,Singh,neha.singh@example.com,9876543210\n' +
      '21 ECE 0102,Arun,Das,arun.das@example.com,9876543211\n';
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<{ message: ImportPreview }>().message;
    expect(preview.create.map((c) => c.rollNumber)).toEqual(['21ECE0101']);
    expect(preview.errors).toEqual([
      { row: 3, column: 'Roll Number', message: invalid.rollNumberFormat(DEFAULT_ROLL_NUMBER_FORMAT) },
    ]);
  });

  it('finds a student in the staff list by roll number or email as well as by name', async () => {
    const s = await w.student({ firstName: 'Zara', lastName: 'Quill' });
    expect((await save(s.cookie, '22EEE0420')).statusCode).toBe(200);
    const search = async (text: string) =>
      (
        await t.app.inject({
          url: `/api/college-staff/students?search=${encodeURIComponent(text)}`,
          headers: { cookie: staff.cookie },
        })
      )
        .json<{ message: StudentPage }>()
        .message.items.map((i) => i._id);
    expect(await search('22eee0420')).toEqual([s.id]);
    // An email is looked for once the search has its @ (or a digit); a bare word is a name.
    expect(await search(s.email.slice(0, s.email.indexOf('@') + 1))).toContain(s.id);
    expect(await search('zara q')).toEqual([s.id]);
    expect(await search('22EEE04')).toEqual([s.id]);
    expect(await search('22EEE05')).toEqual([]);
  });
});
