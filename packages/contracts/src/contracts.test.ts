import { describe, expect, it } from 'vitest';
import { academicFields, auditChanges } from './audit.ts';
import { studentSignupBody } from './auth.ts';
import { decideByDate } from './offers.ts';
import { emailPattern, isCalendarDate, requiredText, staffID } from './common.ts';
import { splitQualifications } from './jobs.ts';
import { http, invalid, offers, required } from './messages.ts';
import { updateStudentDetailsBody } from './staff.ts';
import { educationalDetailsUpdate } from './students.ts';

describe('email pattern', () => {
  it.each(['a@b.co', 'first.last@college.edu', 'x-y_z@mail.example.in', 'A1@B2.com'])(
    'accepts %s',
    (email) => {
      expect(emailPattern.test(email)).toBe(true);
    },
  );

  it.each(['plain', 'a@b', 'a@b.c', 'a@b.comm', 'a..b@c.com', '@b.com', 'a@.com', 'a b@c.com'])(
    'refuses %s',
    (email) => {
      expect(emailPattern.test(email)).toBe(false);
    },
  );

  it('answers quickly on a long hostile input (no catastrophic backtracking)', () => {
    const hostile = `${'a.'.repeat(5000)}@${'b-'.repeat(5000)}!`;
    const started = Date.now();
    expect(emailPattern.test(hostile)).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('sign-up schema', () => {
  it('lower-cases the email and reports the first problem with the spec message', () => {
    const ok = studentSignupBody.parse({
      firstName: ' Asha ',
      lastName: 'Rao',
      emailID: 'Asha@Example.COM',
      phone: '9876543210',
      password: 'secret1',
      cpass: 'secret1',
    });
    expect(ok).toMatchObject({ firstName: 'Asha', emailID: 'asha@example.com' });
    const result = studentSignupBody.safeParse({});
    expect(result.error?.issues[0]?.message).toBe(required.firstName);
    const mismatch = studentSignupBody.safeParse({ ...ok, cpass: 'other1' });
    expect(mismatch.error?.issues[0]?.message).toBe(invalid.passwordMismatch);
  });
});

describe('splitQualifications', () => {
  it('splits on sentence-ending full stops, keeps abbreviations like B.Tech whole and drops blanks', () => {
    expect(splitQualifications('B.Tech in CSE. Good at SQL.  . Team player.')).toEqual([
      'B.Tech in CSE',
      'Good at SQL',
      'Team player',
    ]);
    expect(splitQualifications('  ')).toEqual([]);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2024-02-29', true],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['2023-02-29', false],
    ['2024-02-30', false],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['0000-01-01', false],
    ['2024-1-01', false],
  ])('%s is a day a date column can hold: %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('text fields', () => {
  it('refuse control characters but keep tabs and line breaks', () => {
    const field = requiredText('Please enter it.', 100);
    expect(field.safeParse('A\u0000b').error?.issues[0]?.message).toBe(http.controlCharacters);
    expect(field.safeParse('A\u007Fb').success).toBe(false);
    expect(field.safeParse('line one\n\tline two').success).toBe(true);
    expect(field.safeParse('A\uDFFF\uDFFF').error?.issues[0]?.message).toBe(http.controlCharacters);
    expect(field.safeParse('A\uD800b').success).toBe(false);
    expect(field.safeParse('Résumé 😀').success).toBe(true);
  });
});

describe('audit changes', () => {
  it('labels each changed field as the audit log names it, writing lists, flags and empties alike', () => {
    const before = {
      cgpa: 8,
      degrees: ['B.Tech'],
      collegeName: 'GEC',
      rollNumber: null,
      yearOfPassing: 2026,
    };
    const after = {
      cgpa: 8.5,
      degrees: ['B.Tech', 'M.Tech'],
      collegeName: 'GEC',
      rollNumber: 7,
      yearOfPassing: 2026,
    };
    expect(auditChanges(before, after, academicFields)).toEqual([
      { field: 'Roll number', oldValue: '', newValue: '7' },
      { field: 'Degrees', oldValue: 'B.Tech', newValue: 'B.Tech, M.Tech' },
      { field: 'CGPA', oldValue: '8', newValue: '8.5' },
    ]);
    expect(auditChanges({ isPlaced: false }, { isPlaced: true }, ['isPlaced'])).toEqual([
      { field: 'Placed', oldValue: 'No', newValue: 'Yes' },
    ]);
    expect(auditChanges(before, { ...before }, academicFields)).toEqual([]);
  });
});

describe('decide-by dates', () => {
  it('are real calendar days', () => {
    expect(decideByDate.safeParse('2026-12-01').success).toBe(true);
    expect(decideByDate.safeParse('2026-02-30').error?.issues[0]?.message).toBe(offers.decideBy);
    expect(decideByDate.safeParse('0000-01-01').success).toBe(false);
  });
});

describe('academic fields', () => {
  const student = { rollNumber: 7, degrees: ['B.Tech'], collegeName: 'GEC', cgpa: 8.2, yearOfPassing: 2026 };
  const staffEdit = (educationalDetails: object) =>
    updateStudentDetailsBody.shape.educationalDetails.safeParse(educationalDetails);

  it.each([
    [{ cgpa: 0 }, invalid.cgpa],
    [{ cgpa: 10.5 }, invalid.cgpa],
    [{ rollNumber: 0 }, invalid.rollNumber],
    [{ rollNumber: 1.5 }, invalid.rollNumber],
    [{ yearOfPassing: 1949 }, invalid.yearOfPassing],
    [{ yearOfPassing: 2101 }, invalid.yearOfPassing],
  ])('%o is refused alike by the student and by staff', (change, message) => {
    const own = educationalDetailsUpdate.safeParse({ ...student, ...change });
    expect(own.error?.issues[0]?.message).toBe(message);
    expect(staffEdit({ ...student, ...change }).error?.issues[0]?.message).toBe(message);
  });

  it('may be left empty by staff only', () => {
    const empty = { ...student, rollNumber: null, cgpa: null, yearOfPassing: null };
    expect(staffEdit(empty).success).toBe(true);
    expect(educationalDetailsUpdate.safeParse(empty).error?.issues[0]?.message).toBe(required.rollNumber);
  });
});

describe('Staff-ID', () => {
  it.each([
    ['1001', '1001'],
    [' 0042 ', '0042'],
    [1001, '1001'],
    [0, '0'],
  ])('takes %o as %o', (sent, stored) => {
    expect(staffID.parse(sent)).toBe(stored);
  });

  it.each([
    [undefined, required.staffID],
    [null, required.staffID],
    [true, required.staffID],
    ['', required.staffID],
    ['12a', invalid.staffID],
    [12.5, invalid.staffID],
    [-3, invalid.staffID],
    [2 ** 53, invalid.staffIDAsText],
    [1e20, invalid.staffIDAsText],
  ])('refuses %o: %s', (sent, message) => {
    expect(staffID.safeParse(sent).error?.issues[0]?.message).toBe(message);
  });
});
