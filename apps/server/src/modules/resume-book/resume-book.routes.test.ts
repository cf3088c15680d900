import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounds } from '@portal/contracts/bounds';
import { approval, auth, jobs as jobMessages, resumeBook } from '@portal/contracts/messages';
import { accounts, recordViews, students } from '../../db/schema.ts';
import { createDiskStorage } from '../../lib/storage.ts';
import { insertStudents } from '../../test/bulk-students.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';
import { PDF } from '../../test/uploads.ts';
import { unzip } from '../../test/zip.ts';
import { day } from '../../test/placement.ts';

let t: TestApp;
let w: World;
let acme: Company;
let globex: Company;
let staff: Person;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  acme = await w.company({ company: 'Acme Corp' });
  globex = await w.company({ company: 'Globex' });
  staff = await w.staff({ firstName: 'Meera', lastName: 'Rao' });
});
afterAll(() => t.close());

const get = (cookie: string | undefined, url: string) =>
  t.app.inject({ url, ...(cookie ? { headers: { cookie } } : {}) });

const postJob = async (role: string) => (await w.job(acme, { role }))._id;

/** A PDF that differs from every other one the test makes. */
const pdfOf = (label: string) => Buffer.concat([PDF.subarray(0, 9), Buffer.from(label), PDF.subarray(9)]);

/** A student with academics (B.Tech and M.Tech, CGPA 8.5, 2026) and the resume, if any. */
async function student(firstName: string, lastName: string, rollNumber: string, resume: Buffer | null) {
  const s = await w.student({
    firstName,
    lastName,
    academics: { rollNumber, degrees: ['B.Tech', 'M.Tech'], cgpa: 8.5 },
  });
  if (resume) await w.resume(s, resume);
  return s;
}

const csvOf = (entries: Map<string, Buffer>) =>
  parse<Record<string, string>>(entries.get('applicants.csv')!, { bom: true, columns: true });

const viewsOf = (studentId: string) =>
  t.db.select().from(recordViews).where(eq(recordViews.studentId, studentId));

describe("a company's resume book", () => {
  let jobId: string;
  let asha: Awaited<ReturnType<typeof student>>;
  let ravi: Awaited<ReturnType<typeof student>>;
  let noResume: Awaited<ReturnType<typeof student>>;
  let ashaApplication: string;
  let raviApplication: string;
  beforeAll(async () => {
    jobId = await postJob('Data Engineer');
    asha = await student('Asha', 'Verma', '21BCE101', pdfOf('asha'));
    ravi = await student('Ravi', "O'Brien / =cmd", '21BCE102', pdfOf('ravi'));
    noResume = await student('Kiran', 'Das', '21BCE103', null);
    ashaApplication = await w.apply(asha, jobId);
    raviApplication = await w.apply(ravi, jobId);
    await w.apply(noResume, jobId);
    // Apply needs a resume: Kiran removed it afterwards (the store forgets the key; the file does not matter here).
    await t.db.update(students).set({ resume: '' }).where(eq(students.accountId, noResume.id));
  });

  it('streams a ZIP of every applicant’s resume, named <roll>-<name>.pdf, with applicants.csv', async () => {
    const response = await get(acme.cookie, `/api/company/jobs/${jobId}/resumeBook`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="resumes-data-engineer.zip"');
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual([
      '21BCE101-Asha-Verma.pdf',
      '21BCE102-Ravi-O-Brien-cmd.pdf',
      'applicants.csv',
    ]);
    expect(entries.get('21BCE101-Asha-Verma.pdf')!.equals(pdfOf('asha'))).toBe(true);
    expect(entries.get('21BCE102-Ravi-O-Brien-cmd.pdf')!.equals(pdfOf('ravi'))).toBe(true);

    const csv = csvOf(entries);
    expect(Object.keys(csv[0]!)).toEqual([
      'Name',
      'Email',
      'Roll Number',
      'Degrees',
      'CGPA',
      'CGPA Verified',
      'Year of Passing',
      'Stage',
      'Applied At',
      'Resume',
    ]);
    const byRoll = new Map(csv.map((row) => [row['Roll Number'], row]));
    expect(byRoll.get('21BCE101')).toMatchObject({
      Name: 'Asha Verma',
      Email: asha.email,
      Degrees: 'B.Tech; M.Tech',
      CGPA: '8.5',
      'CGPA Verified': 'No',
      'Year of Passing': '2026',
      Stage: 'Form Submitted',
      Resume: '21BCE101-Asha-Verma.pdf',
    });
    expect(byRoll.get('21BCE101')!['Applied At']).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The same escaping as the CSV export: a name part that starts like a formula is not one here
    // (it does not start the field), and the apostrophe and slash survive.
    expect(byRoll.get('21BCE102')!.Name).toBe("Ravi O'Brien / =cmd");
    expect(byRoll.get('21BCE103')).toMatchObject({ Name: 'Kiran Das', Resume: resumeBook.noResume });
  });

  it('records a view of every student in the book, once per ten minutes', async () => {
    const before = await viewsOf(noResume.id);
    await get(acme.cookie, `/api/company/jobs/${jobId}/resumeBook`);
    for (const s of [asha, ravi]) {
      const views = await viewsOf(s.id);
      expect(views).toHaveLength(1);
      expect(views[0]).toMatchObject({ viewerName: 'Acme Corp', what: 'resume' });
    }
    // Without a resume, the book showed the student's record (the CSV row).
    expect(before).toHaveLength(1);
    expect(await viewsOf(noResume.id)).toMatchObject([{ viewerName: 'Acme Corp', what: 'record' }]);
  });

  it('takes the applicants at one stage, or the ticked ones', async () => {
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/company/applications/${raviApplication}/stage`,
      headers: { cookie: acme.cookie },
      payload: { stage: 'Shortlisted' },
    });
    expect(moved.statusCode).toBe(200);
    const staged = await get(acme.cookie, `/api/company/jobs/${jobId}/resumeBook?stage=Shortlisted`);
    expect(staged.headers['content-disposition']).toBe(
      'attachment; filename="resumes-data-engineer-shortlisted.zip"',
    );
    const stagedEntries = await unzip(staged.rawPayload);
    expect([...stagedEntries.keys()]).toEqual(['21BCE102-Ravi-O-Brien-cmd.pdf', 'applicants.csv']);
    expect(csvOf(stagedEntries).map((r) => r.Stage)).toEqual(['Shortlisted']);

    const ticked = await get(
      acme.cookie,
      `/api/company/jobs/${jobId}/resumeBook?applicationIds=${ashaApplication},${raviApplication}`,
    );
    const tickedEntries = await unzip(ticked.rawPayload);
    expect([...tickedEntries.keys()].sort()).toEqual([
      '21BCE101-Asha-Verma.pdf',
      '21BCE102-Ravi-O-Brien-cmd.pdf',
      'applicants.csv',
    ]);
  });

  it('makes file names unique when two applicants share a name and their roll numbers read alike in a file name', async () => {
    const job = await postJob('Twins');
    const one = await student('Dev', 'Patel', '21/BCE/7', pdfOf('one'));
    const two = await student('Dév', 'Patel', '21-BCE-7', pdfOf('two'));
    await w.apply(one, job);
    await w.apply(two, job);
    const entries = await unzip((await get(acme.cookie, `/api/company/jobs/${job}/resumeBook`)).rawPayload);
    expect([...entries.keys()].sort()).toEqual([
      '21-BCE-7-Dev-Patel-2.pdf',
      '21-BCE-7-Dev-Patel.pdf',
      'applicants.csv',
    ]);
    const names = csvOf(entries).map((r) => r.Resume);
    expect(names.sort()).toEqual(['21-BCE-7-Dev-Patel-2.pdf', '21-BCE-7-Dev-Patel.pdf']);
  });

  it('leaves out the file of a student who is not in good standing, as /api/files does', async () => {
    const job = await postJob('Suspended');
    const s = await student('Sunil', 'Nair', '21BCE301', pdfOf('sunil'));
    await w.apply(s, job);
    await t.db.update(accounts).set({ status: 'Suspended' }).where(eq(accounts.id, s.id));
    const entries = await unzip((await get(acme.cookie, `/api/company/jobs/${job}/resumeBook`)).rawPayload);
    expect([...entries.keys()]).toEqual(['applicants.csv']);
    expect(csvOf(entries).map((r) => r.Resume)).toEqual([resumeBook.noResume]);
  });

  it('lists a student whose file went missing from storage as having no resume', async () => {
    const job = await postJob('Missing File');
    const s = await student('Meena', 'Iyer', '21BCE302', pdfOf('meena'));
    await w.apply(s, job);
    const [row] = await t.db
      .select({ key: students.resume })
      .from(students)
      .where(eq(students.accountId, s.id));
    if (t.config.storage.driver === 'disk') await createDiskStorage(t.config.storage.dir).delete(row!.key);
    const response = await t.app.inject({
      url: `/api/company/jobs/${job}/resumeBook`,
      headers: { cookie: acme.cookie, 'accept-encoding': 'br, gzip' },
    });
    // A ZIP is sent as it is: compressing it again would only cost CPU.
    expect(response.headers['content-encoding']).toBeUndefined();
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()]).toEqual(['applicants.csv']);
    expect(csvOf(entries).map((r) => r.Resume)).toEqual([resumeBook.noResume]);
  });

  it("answers 404 for another company's job, and refuses students and visitors", async () => {
    const other = await get(globex.cookie, `/api/company/jobs/${jobId}/resumeBook`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: jobMessages.notFound });
    expect((await get(asha.cookie, `/api/company/jobs/${jobId}/resumeBook`)).json()).toEqual({
      message: auth.wrongRole,
    });
    expect((await get(undefined, `/api/company/jobs/${jobId}/resumeBook`)).statusCode).toBe(401);
    const pending = await w.company({ approved: false });
    const refused = await get(pending.cookie, `/api/company/jobs/${jobId}/resumeBook`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: approval.awaiting });
  });

  it('answers 400 for an unknown stage, malformed or too many ids, and an empty selection', async () => {
    const url = `/api/company/jobs/${jobId}/resumeBook`;
    expect((await get(acme.cookie, `${url}?stage=Hired`)).statusCode).toBe(400);
    const malformed = await get(acme.cookie, `${url}?applicationIds=1,2`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: resumeBook.applicationIds });
    const many = Array.from({ length: bounds.resumeBookStudents + 1 }, () => crypto.randomUUID()).join(',');
    expect((await get(acme.cookie, `${url}?applicationIds=${many}`)).statusCode).toBe(400);
    const empty = await get(acme.cookie, `${url}?stage=Offer Letter`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: resumeBook.empty });
    const none = await get(acme.cookie, `${url}?applicationIds=${crypto.randomUUID()}`);
    expect(none.json()).toEqual({ message: resumeBook.empty });
  });
});

describe("the staff's resume book", () => {
  it('holds the students the list filters match, recorded as viewed by the placement cell', async () => {
    const a = await student('Zubin', 'Mehta', '21BCE201', pdfOf('zubin'));
    const b = await student('Zubeida', 'Khan', '21BCE202', null);
    await student('Arjun', 'Zubrin', '21BCE203', pdfOf('arjun'));
    const response = await get(staff.cookie, '/api/college-staff/students/resumeBook?search=zub&year=2026');
    expect(response.statusCode).toBe(200);
    // Named after today where the college is (TIME_ZONE), not in UTC.
    expect(response.headers['content-disposition']).toBe(`attachment; filename="resume-book-${day(0)}.zip"`);
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()]).toEqual(['21BCE201-Zubin-Mehta.pdf', 'applicants.csv']);
    expect(entries.get('21BCE201-Zubin-Mehta.pdf')!.equals(pdfOf('zubin'))).toBe(true);
    expect(csvOf(entries).map((r) => [r.Name, r.Placed, r.Resume])).toEqual([
      ['Zubeida Khan', 'No', resumeBook.noResume],
      ['Zubin Mehta', 'No', '21BCE201-Zubin-Mehta.pdf'],
    ]);
    const views = await t.db
      .select()
      .from(recordViews)
      .where(and(eq(recordViews.studentId, a.id), eq(recordViews.what, 'resume')));
    expect(views).toMatchObject([{ viewerName: 'Placement cell (Meera Rao)' }]);
    expect(await viewsOf(b.id)).toMatchObject([{ what: 'record' }]);
  });

  it('refuses an empty match, more than a book holds, and other roles', async () => {
    const empty = await get(
      staff.cookie,
      '/api/college-staff/students/resumeBook?search=nobody-by-this-name',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: resumeBook.empty });
    await insertStudents(t.db, bounds.resumeBookStudents + 1, 'Bookworm');
    const many = await get(staff.cookie, '/api/college-staff/students/resumeBook?search=bookworm');
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ message: resumeBook.tooMany(bounds.resumeBookStudents) });
    expect((await get(acme.cookie, '/api/college-staff/students/resumeBook')).statusCode).toBe(403);
    expect((await get(undefined, '/api/college-staff/students/resumeBook')).statusCode).toBe(401);
  });
});
