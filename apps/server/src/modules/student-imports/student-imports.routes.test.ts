import archiver from 'archiver';
import { and, count, eq, inArray } from 'drizzle-orm';
import { buffer } from 'node:stream/consumers';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLabels } from '@portal/contracts/audit';
import { invalid, recovery, required, studentImports as messages } from '@portal/contracts/messages';
import type { ImportPreview, ImportResult } from '@portal/contracts/student-imports';
import type { StaffStudentDetails } from '@portal/contracts/staff';
import { withinColleges } from '../../db/college-scope.ts';
import { accounts, outboxEmails, studentAuditLog, studentImports, students } from '../../db/schema.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';
import { multipart } from '../../test/uploads.ts';
import { type CraftedEntry, craftXlsx, deflatedZeros, unzip } from '../../test/zip.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let staff: string;
let otherStaff: string;
/** Existing students: Ravi (roll 5001, CGPA 7, unverified) and Kiran (no academic details). */
let ravi: { id: string; email: string };
let kiran: { id: string; email: string };
let companyEmail: string;

const studentId = async (email: string) =>
  (
    await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.email, email), eq(accounts.role, 'student')))
  )[0]?.id;

beforeAll(async () => {
  // Keep sent emails' text, so the set-password links can be read back.
  t = await createTestApp({ mail: { ...testConfig().mail, devOutbox: true, appUrl: 'https://portal.test' } });
  w = world(t);
  staff = (await w.staff({ firstName: 'Uma', lastName: 'Rao' })).cookie;
  otherStaff = (await w.staff()).cookie;
  ravi = await w.student({ firstName: 'Ravi', lastName: 'Kumar' });
  await t.db
    .update(students)
    .set({ rollNumber: '5001', cgpa: 7, degrees: ['B.Tech'], yearOfPassing: 2026 })
    .where(eq(students.accountId, ravi.id));
  kiran = await w.student({ firstName: 'Kiran', lastName: 'Das' });
  companyEmail = (await w.company()).email;
});
afterAll(() => t.close());

const upload = (csv: string | Buffer, cookie = staff, fileName = 'students.csv', type = 'text/csv') => {
  const form = multipart('file', fileName, type, typeof csv === 'string' ? Buffer.from(csv) : csv);
  return t.app.inject({
    method: 'POST',
    url: '/api/college-staff/imports',
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
};
const confirm = (id: string, cookie = staff) =>
  t.app.inject({ method: 'POST', url: `/api/college-staff/imports/${id}/confirm`, headers: { cookie } });
const preview = async (csv: string): Promise<ImportPreview> => {
  const response = await upload(csv);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: ImportPreview }>().message;
};
const importCount = async () => (await t.db.select({ n: count() }).from(studentImports))[0]!.n;

/** What `work` returns, and how far the process's resident memory rose above its start while it ran. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  // Sampled every millisecond: an inflate runs in chunks between which the event loop turns.
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 1);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage.rss()) - start };
  } finally {
    clearInterval(sampler);
  }
}
const studentCount = async () =>
  (await t.db.select({ n: count() }).from(accounts).where(eq(accounts.role, 'student')))[0]!.n;

/**
 * A file with every kind of row: headers written with aliases and odd case, a BOM, a blank line.
 * Row 2 creates, 3 updates Ravi (blanks: no change), 4 has two bad cells, 5 a bad roll number,
 * 6 changes nothing for Kiran, 7 is blank, 8 has the email a company signs in with (one email is
 * one account), 9 lacks a phone.
 */
const mixedCsv = () =>
  '\uFEFFroll_no,FIRST NAME, Last Name ,Email ID,Mobile,Degree,cgpa,Year of passing\r\n' +
  '6001,Neha,Singh,neha.singh@example.com,9000000001,B.Tech; M.Tech,8.5,2026\r\n' +
  `,,,${ravi.email},,,9.1,\r\n` +
  '6003,Bad,Row,not-an-email,9000000003,B.Sc,11,2026\r\n' +
  '-7,Neha,Again,Neha.Singh@example.com,9000000004,,,\r\n' +
  `,Kiran,Das,${kiran.email},,,,\r\n` +
  '\r\n' +
  `6005,Comp,Any,${companyEmail},9000000005,,,\r\n` +
  '6006,No,Phone,no.phone@example.com,,B.A,7,2025\r\n';

describe('preview', () => {
  it('shows the rows to create, to update (field: old → new) and with errors, writing no student', async () => {
    const before = await studentCount();
    const p = await preview(mixedCsv());

    expect(p.fileName).toBe('students.csv');
    expect(p.totals).toEqual({ rows: 7, create: 1, update: 1, unchanged: 1, errors: 5 });
    expect(p.unchanged).toBe(1);
    expect(p.create).toEqual([
      { row: 2, name: 'Neha Singh', email: 'neha.singh@example.com', rollNumber: '6001' },
    ]);
    expect(p.update).toEqual([
      {
        row: 3,
        student: { _id: ravi.id, name: 'Ravi Kumar', email: ravi.email },
        changes: [
          { field: auditLabels.cgpa, from: '7', to: '9.1' },
          { field: auditLabels.academicsVerified, from: 'No', to: 'Yes' },
        ],
      },
    ]);
    expect(p.errors).toEqual([
      { row: 4, column: 'Email ID', message: invalid.email },
      { row: 4, column: 'cgpa', message: invalid.cgpa },
      { row: 5, column: 'roll_no', message: invalid.rollNumber },
      // A company's email cannot become a student's: one email is one account across the roles.
      { row: 8, column: 'Email ID', message: messages.emailOfOtherAccount },
      { row: 9, column: 'Mobile', message: required.phone },
    ]);

    // Nothing was written to students.
    expect(await studentCount()).toBe(before);
    const [r] = await t.db.select().from(students).where(eq(students.accountId, ravi.id));
    expect(r).toMatchObject({ cgpa: 7, academicsVerifiedAt: null });
    expect(await t.db.select().from(studentAuditLog).where(eq(studentAuditLog.studentId, ravi.id))).toEqual(
      [],
    );
  });

  it('reports a repeated email and a repeated roll number as errors on the later row', async () => {
    const p = await preview(
      'Roll Number,First Name,Last Name,Email,Phone\n' +
        '7001,A,One,dup@example.com,9000000001\n' +
        '7002,B,Two,DUP@example.com,9000000002\n' +
        '7001,C,Three,c3@example.com,9000000003\n',
    );
    expect(p.errors).toEqual([
      { row: 3, column: 'Email', message: messages.duplicateInFile(2) },
      { row: 4, column: 'Roll Number', message: messages.duplicateInFile(2) },
    ]);
    expect(p.totals.create).toBe(1);
  });

  it("refuses a row whose email is one student's and roll number another's", async () => {
    await t.db.update(students).set({ rollNumber: '5002' }).where(eq(students.accountId, kiran.id));
    const p = await preview(`Roll Number,Email\n5002,${ravi.email}\n`);
    expect(p.errors).toEqual([{ row: 2, column: 'Roll Number', message: messages.matchesTwo }]);
    await t.db.update(students).set({ rollNumber: null }).where(eq(students.accountId, kiran.id));
  });

  it('matches by roll number when the row has no email', async () => {
    const p = await preview('Roll Number,Phone\n5001,9111111111\n');
    expect(p.update).toEqual([
      {
        row: 2,
        student: expect.objectContaining({ _id: ravi.id }),
        changes: [{ field: auditLabels.phone, from: '9876543210', to: '9111111111' }],
      },
    ]);
  });

  it('refuses files that are too large, too long, not CSV, or have no Email or Roll Number column', async () => {
    const tooLarge = await upload(Buffer.alloc(5_000_001, 'a'));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ message: messages.tooLarge(5) });

    const rows = Array.from({ length: 10_001 }, (_, i) => `${i + 1}`).join('\n');
    const tooLong = await upload(`Roll Number\n${rows}\n`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: messages.tooManyRows(10_000) });

    const xls = await upload(Buffer.from('d0cf11e0a1b11ae1', 'hex'), staff, 'students.xls');
    expect(xls.statusCode).toBe(400);
    expect(xls.json()).toEqual({ message: messages.notCsv });

    const brokenXlsx = await upload(Buffer.from('PK\x03\x04rest-of-a-zip', 'latin1'), staff, 'students.xlsx');
    expect(brokenXlsx.statusCode).toBe(400);
    expect(brokenXlsx.json()).toEqual({ message: messages.unreadableXlsx });

    // A ZIP that would unpack to 101 MB is refused before it is unpacked.
    const bomb = archiver('zip', { zlib: { level: 9 } });
    bomb.append(Buffer.alloc(101_000_000), { name: 'xl/worksheets/sheet1.xml' });
    void bomb.finalize();
    const bombed = await upload(await buffer(bomb), staff, 'students.xlsx');
    expect(bombed.statusCode).toBe(400);
    expect(bombed.json()).toEqual({ message: messages.xlsxTooLarge });

    const noKey = await upload('First Name,Last Name\nA,B\n');
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toEqual({ message: messages.noKeyColumn });

    const headerOnly = await upload('Email\n');
    expect(headerOnly.json()).toEqual({ message: messages.empty });
  });

  it('reads the first sheet of an XLSX workbook as it reads the same rows in a CSV', async () => {
    // The mixed file's cells, with numbers typed as numbers the way a spreadsheet keeps them.
    const sheet = mixedCsv()
      .replace('\uFEFF', '')
      .trimEnd()
      .split('\r\n')
      .map((line) =>
        line
          .split(',')
          .map((cell) =>
            cell === ''
              ? null
              : /^\d+(\.\d+)?$/.test(cell) && !/^9\d{9}$/.test(cell)
                ? { value: Number(cell) }
                : { value: cell },
          ),
      );
    const workbook = await writeExcelFile(sheet).toBuffer();
    const fromCsv = await preview(mixedCsv());
    const response = await upload(
      workbook,
      staff,
      'students.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.statusCode, response.body).toBe(200);
    const fromXlsx = response.json<{ message: ImportPreview }>().message;
    expect(fromXlsx.fileName).toBe('students.xlsx');
    const { id: _a, fileName: _b, expiresAt: _c, ...xlsxPlan } = fromXlsx;
    const { id: _d, fileName: _e, expiresAt: _f, ...csvPlan } = fromCsv;
    expect(xlsxPlan).toEqual(csvPlan);
    expect(xlsxPlan.totals.create).toBe(1);
  });

  it('refuses an XLSX whose sheet inflates far past what its directory declares, without unpacking it', async () => {
    // The sheet is 300 MB of zeros in 307 KB; the central directory says 1,000 bytes, and so does the
    // data descriptor that stands in for the local header's sizes. Before the fix the server inflated
    // all of it: its resident memory rose 2.0 GB and the request took 86 s (docs/security.md).
    const zeros = deflatedZeros(300);
    const bomb = await craftXlsx((entry) =>
      entry.name === 'xl/worksheets/sheet1.xml'
        ? { ...entry, ...zeros, declares: { central: 1_000, descriptor: 1_000 } }
        : entry,
    );
    expect(bomb.length).toBeLessThan(320_000);
    const storedBefore = await importCount();

    const { result: response, growth } = await peakRssGrowth(() => upload(bomb, staff, 'students.xlsx'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.unreadableXlsx });
    expect(growth).toBeLessThan(50_000_000);
    expect(await importCount()).toBe(storedBefore);
  });

  it('refuses an XLSX whose local headers or data descriptors disagree with its central directory', async () => {
    const sheet = 'xl/worksheets/sheet1.xml';
    // The crafted workbook as it is imports: only the disagreements below are refused.
    const honest = await upload(await craftXlsx((entry) => entry), staff, 'students.xlsx');
    expect(honest.statusCode, honest.body).toBe(200);
    const storedBefore = await importCount();

    const size = (entry: CraftedEntry) => entry.declares.central;
    const disagreeing = [
      // The local header declares one byte more than the central directory (and the data).
      (entry: CraftedEntry) => ({ ...entry, declares: { central: size(entry), local: size(entry) + 1 } }),
      // The data descriptor does.
      (entry: CraftedEntry) => ({
        ...entry,
        declares: { central: size(entry), descriptor: size(entry) + 1 },
      }),
      // The data descriptor tells the truth about a bomb the central directory hides.
      (entry: CraftedEntry) => ({
        ...entry,
        ...deflatedZeros(20),
        declares: { central: 1_000, descriptor: 20 << 20 },
      }),
    ];
    for (const disagree of disagreeing) {
      const file = await craftXlsx((entry) => (entry.name === sheet ? disagree(entry) : entry));
      const response = await upload(file, staff, 'students.xlsx');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.unreadableXlsx });
    }
    expect(await importCount()).toBe(storedBefore);
  });

  it('reads a workbook however its ZIP was written: stored, deflated, ZIP64, with data descriptors', async () => {
    const workbook = await writeExcelFile([
      ['Email', 'First Name', 'Last Name', 'Phone'].map((value) => ({ value })),
      ['zip.kinds@example.com', 'Zip', 'Kinds', '9000000077'].map((value) => ({ value })),
    ]).toBuffer();
    const entries = await unzip(workbook);
    for (const options of [{ store: true }, { forceZip64: true }, { zlib: { level: 9 } }]) {
      const zip = archiver('zip', options);
      for (const [name, content] of entries) zip.append(content, { name });
      void zip.finalize();
      const response = await upload(await buffer(zip), staff, 'students.xlsx');
      expect(response.statusCode, `${JSON.stringify(options)}: ${response.body}`).toBe(200);
      expect(response.json<{ message: ImportPreview }>().message.create).toEqual([
        { row: 2, name: 'Zip Kinds', email: 'zip.kinds@example.com', rollNumber: null },
      ]);
    }
  });

  it('offers the template, which imports as it is', async () => {
    const template = await t.app.inject({
      url: '/api/college-staff/imports/template.csv',
      headers: { cookie: staff },
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(template.body.split('\r\n')[0]).toBe(
      'Roll Number,First Name,Last Name,Email,Phone,Degrees,CGPA,Year of Passing',
    );
    const p = await preview(template.body);
    expect(p.totals).toMatchObject({ create: 1, errors: 0 });
  });
});

describe('confirm', () => {
  it('is refused while the file has errors, and writes nothing', async () => {
    const p = await preview(mixedCsv());
    const before = await studentCount();
    const response = await confirm(p.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.hasErrors(5) });
    expect(await studentCount()).toBe(before);
  });

  it('applies creates and updates at once: verified, audited, each new student emailed a set-password link', async () => {
    const p = await preview(
      'Roll Number,First Name,Last Name,Email,Phone,Degrees,CGPA,Year of Passing\n' +
        '6101,Neha,Singh,neha.singh@example.com,9000000001,B.Tech; M.Tech,8.5,2026\n' +
        `,,,${ravi.email},9222222222,,9.1,\n` +
        `,Kiran,Das,${kiran.email},,,,\n`,
    );
    expect(p.totals).toMatchObject({ create: 1, update: 1, unchanged: 1, errors: 0 });
    // Another staff member cannot apply someone else's import.
    expect((await confirm(p.id, otherStaff)).statusCode).toBe(404);

    const response = await confirm(p.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: ImportResult }>().message).toEqual({
      created: 1,
      updated: 1,
      summary: messages.done(1, 1),
    });

    const nehaId = (await studentId('neha.singh@example.com'))!;
    const [neha] = await t.db.select().from(students).where(eq(students.accountId, nehaId));
    expect(neha).toMatchObject({
      rollNumber: '6101',
      degrees: ['B.Tech', 'M.Tech'],
      cgpa: 8.5,
      yearOfPassing: 2026,
      academicsVerifiedByName: 'Uma Rao',
    });
    expect(neha!.academicsVerifiedAt).not.toBeNull();
    const [r] = await t.db.select().from(students).where(eq(students.accountId, ravi.id));
    // Blank cells changed nothing: only the phone and the CGPA, now verified by the importing staff member.
    expect(r).toMatchObject({
      cgpa: 9.1,
      rollNumber: '5001',
      degrees: ['B.Tech'],
      academicsVerifiedByName: 'Uma Rao',
    });

    const audit = await t.db
      .select({
        field: studentAuditLog.field,
        oldValue: studentAuditLog.oldValue,
        newValue: studentAuditLog.newValue,
        by: studentAuditLog.actorName,
      })
      .from(studentAuditLog)
      .where(inArray(studentAuditLog.studentId, [ravi.id, kiran.id]));
    expect(audit).toEqual(
      expect.arrayContaining([
        { field: 'Phone', oldValue: '9876543210', newValue: '9222222222', by: 'Uma Rao' },
        { field: 'CGPA', oldValue: '7', newValue: '9.1', by: 'Uma Rao' },
        { field: 'Academic details verified', oldValue: 'No', newValue: 'Yes', by: 'Uma Rao' },
      ]),
    );
    expect(audit).toHaveLength(3);
    const [raviAccount] = await t.db.select().from(accounts).where(eq(accounts.id, ravi.id));
    expect(raviAccount).toMatchObject({ phone: '9222222222', firstName: 'Ravi', lastName: 'Kumar' });
    const created = await t.db.select().from(studentAuditLog).where(eq(studentAuditLog.studentId, nehaId));
    expect(created.map((a) => a.field).sort()).toEqual(
      [
        'Email',
        'First name',
        'Last name',
        'Phone',
        'Roll number',
        'Degrees',
        'CGPA',
        'Year of passing',
        'Academic details verified',
      ].sort(),
    );

    // The new student cannot sign in until they set a password through the emailed link, once.
    const [mail] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.recipient, 'neha.singh@example.com'));
    expect(mail!.subject).toBe('Your Campus Placement Portal account is ready');
    expect(mail!.body).toContain('Placement cell (Uma Rao) added you');
    expect(mail!.body).toContain('within 7 days');
    const token = /https:\/\/portal\.test\/signin\/student\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(
      mail!.body,
    )?.[1];
    expect(token).toBeDefined();
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/student/signin',
        payload: { emailID: 'neha.singh@example.com', password },
      });
    expect((await signIn('anything-1')).statusCode).not.toBe(200);
    const set = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/student/resetForgottenPassword',
        payload: { token, newPassword, confirmNewPassword: newPassword },
      });
    expect((await set('first-pass-1')).statusCode).toBe(200);
    expect((await signIn('first-pass-1')).statusCode).toBe(200);
    const again = await set('second-pass-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: recovery.usedLink });

    // A second confirmation changes nothing.
    const second = await confirm(p.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: messages.applied });
    const [stored] = await t.db.select().from(studentImports).where(eq(studentImports.id, p.id));
    expect(stored).toMatchObject({ status: 'applied', rows: [] });
  });

  it('refuses, writing nothing, when a student changed since the preview', async () => {
    const p = await preview(
      `Email,CGPA,First Name,Last Name,Phone\n${kiran.email},6.5,,,\nlate@example.com,7,Late,Comer,9000000009\n`,
    );
    expect(p.totals).toMatchObject({ create: 1, update: 1 });
    await t.db.update(students).set({ cgpa: 6.5 }).where(eq(students.accountId, kiran.id));
    const response = await confirm(p.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.changedMeanwhile });
    expect(await studentId('late@example.com')).toBeUndefined();
  });

  it('is refused once the preview is over an hour old', async () => {
    const p = await preview('Email,First Name,Last Name,Phone\nstale@example.com,Stale,One,9000000011\n');
    await t.db
      .update(studentImports)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(studentImports.id, p.id));
    const response = await confirm(p.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.expired });
    expect(await studentId('stale@example.com')).toBeUndefined();
  });

  it('can be discarded instead, after which it cannot be confirmed', async () => {
    const p = await preview('Email,First Name,Last Name,Phone\ngone@example.com,Gone,Away,9000000010\n');
    const discard = await t.app.inject({
      method: 'DELETE',
      url: `/api/college-staff/imports/${p.id}`,
      headers: { cookie: staff },
    });
    expect(discard.json()).toEqual({ message: messages.discardedNow });
    const response = await confirm(p.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.discarded });
    expect(await studentId('gone@example.com')).toBeUndefined();
  });

  it("makes another college's students in that college, their history read by its staff and walled from the first college's", async () => {
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    const north = (await colleges.create({ slug: 'north-imports', name: 'North College' })).id;
    const northStaff = await withinColleges([north], () => w.staff({ firstName: 'Nila', lastName: 'Bose' }));
    const uploaded = await upload(
      'Roll Number,First Name,Last Name,Email,Phone,Degrees,CGPA,Year of Passing\n' +
        '7101,Asha,Nair,asha.nair@north.example.com,9000000021,B.Tech,8.2,2027\n',
      northStaff.cookie,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const p = uploaded.json<{ message: ImportPreview }>().message;
    const done = await confirm(p.id, northStaff.cookie);
    expect(done.statusCode, done.body).toBe(200);

    const ashaId = (await studentId('asha.nair@north.example.com'))!;
    const [made] = await t.db
      .select({ account: accounts.collegeId, student: students.collegeId })
      .from(accounts)
      .innerJoin(students, eq(students.accountId, accounts.id))
      .where(eq(accounts.id, ashaId));
    expect(made).toEqual({ account: north, student: north });

    // Her college's staff read every field the import set, signed by who imported her.
    const details = (cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/college-staff/getStudentDetails/${ashaId}`,
        headers: { cookie },
      });
    const seen = await details(northStaff.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    const audit = seen.json<{ message: StaffStudentDetails }>().message.audit;
    expect(audit).toHaveLength(9);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'Email',
          oldValue: '',
          newValue: 'asha.nair@north.example.com',
          by: 'Nila Bose',
        }),
        expect.objectContaining({ field: 'CGPA', oldValue: '', newValue: '8.2', by: 'Nila Bose' }),
      ]),
    );
    // The first college's staff see neither her record nor a line of its history.
    expect((await details(staff)).statusCode).toBe(404);
    const historyWithin = (college: number) =>
      // Awaited inside the scope: the statement runs walled when it runs, not when it is built.
      withinColleges([college], async () =>
        (
          await t.db
            .select({ field: studentAuditLog.field })
            .from(studentAuditLog)
            .where(eq(studentAuditLog.studentId, ashaId))
        ).map((r) => r.field),
      );
    expect(await historyWithin(1)).toEqual([]);
    expect(await historyWithin(north)).toHaveLength(9);
  });
});
