import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '@portal/contracts/dates';
import { auth, invalid, notFound, staffRecords } from '@portal/contracts/messages';
import { STUDENT_COUNT_CAP, type StaffStudentDetails, type StudentPage } from '@portal/contracts/staff';
import { PASSWORD } from '../../test/accounts.ts';
import { explainGeneric } from '../../test/explain.ts';
import { day } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, recordForm, world, type World } from '../../test/world.ts';
import { insertStudents } from '../../test/bulk-students.ts';
import { multipart, PDF, PNG } from '../../test/uploads.ts';
import { createStudentsReader } from '../students/students.read.ts';
import { createStudentRecordsRepo } from './student-records.repo.ts';
import { CSV_CHUNK, roundForEstimate } from './student-records.service.ts';

let t: TestApp;
let w: World;
let staff: Person;
const ids: Record<string, string> = {};

async function addStudent(firstName: string, lastName: string, education: Record<string, unknown>) {
  const s = await w.student({ firstName, lastName, academics: { ...education } });
  ids[`${firstName} ${lastName}`] = s.id;
  return s;
}

beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff({ firstName: 'Nisha', lastName: 'Rao' });
  await addStudent('Amar', 'Tripathi', { degrees: ['B.Tech'], yearOfPassing: 2026 });
  await addStudent('amara', 'Singh', { degrees: ['MCA'], yearOfPassing: 2025 });
  await addStudent('Kamal', 'Ama', { degrees: ['B.Tech'], yearOfPassing: 2026 });
  await addStudent('Zoya', 'Khan', { degrees: ['b.tech'], yearOfPassing: 2027 });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await t.app.inject({
    url: `/api/college-staff/students?${query}`,
    headers: { cookie: staff.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().message as StudentPage;
};

describe('GET /api/college-staff/students', () => {
  it('finds students by the start of their full name, in any case, sorted by name', async () => {
    const page = await list('search=ama');
    expect(page.items.map((s) => s.name)).toEqual(['Amar Tripathi', 'amara Singh']);
    expect(page.total).toBe(2);
    expect((await list('search=AMAR%20T')).items.map((s) => s.name)).toEqual(['Amar Tripathi']);
    expect((await list('search=%25')).total).toBe(0);
  });

  it('filters by degree, year, placement and status, and pages', async () => {
    expect((await list('degree=B.TECH')).items.map((s) => s.name)).toEqual([
      'Amar Tripathi',
      'Kamal Ama',
      'Zoya Khan',
    ]);
    expect((await list('year=2025')).items.map((s) => s.name)).toEqual(['amara Singh']);
    expect((await list('placed=true')).total).toBe(0);
    expect((await list('status=Allowed')).total).toBe(4);
    const second = await list('pageSize=2&page=2');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(second.items.map((s) => s.name)).toEqual(['Kamal Ama', 'Zoya Khan']);
    // A page past the end still says how many there are, so the pager can step back.
    expect(await list('pageSize=2&page=9')).toMatchObject({ items: [], total: 4, page: 9 });
  });

  it('answers each query with its own values when queries of one shape share a prepared statement', async () => {
    const names = async (query: string) => (await list(query)).items.map((s) => s.name);
    expect(await names('search=amar')).toEqual(['Amar Tripathi', 'amara Singh']);
    expect(await names('search=kam')).toEqual(['Kamal Ama']);
    expect(await names('degree=mca&year=2025')).toEqual(['amara Singh']);
    expect(await names('degree=b.tech&year=2027')).toEqual(['Zoya Khan']);
    expect(await names('search=z&placed=false&status=Allowed')).toEqual(['Zoya Khan']);
    expect(await names('search=a&placed=false&status=Suspended')).toEqual([]);
    expect(await names('pageSize=1&page=3')).toEqual(['Kamal Ama']);
    expect(await names('pageSize=3&page=1')).toEqual(['Amar Tripathi', 'amara Singh', 'Kamal Ama']);
  });

  it('pages past the counted matches in the same order as within them', async () => {
    // With a count cap of 2, pages beyond the first 3 matches read the list again past them; a
    // filter on the students' columns (the degree here) reads pages within them from the matches.
    const repo = createStudentRecordsRepo(t.db);
    const card = { entries: 1, descriptionChars: 10 };
    const names = async (page: number, pageSize: number, search = '') => {
      const { rows, matched } = await repo.page({ search, degree: '' }, page, pageSize, 2, card);
      return { names: rows.map((r) => `${r.account.firstName} ${r.account.lastName}`), matched };
    };
    expect(await names(1, 3)).toEqual({ names: ['Amar Tripathi', 'amara Singh', 'Kamal Ama'], matched: 3 });
    expect(await names(2, 2)).toEqual({ names: ['Kamal Ama', 'Zoya Khan'], matched: 3 });
    expect(await names(4, 1)).toEqual({ names: ['Zoya Khan'], matched: 3 });
    expect(await names(3, 2)).toEqual({ names: [], matched: 3 });
    expect(await names(2, 1, 'ama')).toEqual({ names: ['amara Singh'], matched: 2 });
    const degree = async (page: number, pageSize: number) => {
      const { rows, matched } = await repo.page({ search: '', degree: 'b.tech' }, page, pageSize, 1, card);
      return { names: rows.map((r) => r.account.firstName), matched };
    };
    expect(await degree(1, 2)).toEqual({ names: ['Amar', 'Kamal'], matched: 2 });
    expect(await degree(2, 1)).toEqual({ names: ['Kamal'], matched: 2 });
    expect(await degree(2, 2)).toEqual({ names: ['Zoya'], matched: 2 });
    expect(await degree(3, 2)).toEqual({ names: [], matched: 2 });
  });

  it('refuses bad paging with a message', async () => {
    const response = await t.app.inject({
      url: '/api/college-staff/students?pageSize=500',
      headers: { cookie: staff.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: staffRecords.pageSize });
  });

  it('shows at most 8 internships and 8 projects on a card, descriptions cut to 200 characters', async () => {
    const s = await addStudent('Busy', 'Bee', {});
    const long = 'Built the placement portal. '.repeat(40);
    for (let i = 1; i <= 9; i++) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/student/updateProfileDetail',
        headers: { cookie: s.cookie },
        payload: {
          typ: 'internships',
          value: {
            company: `C${i}`,
            role: 'Intern',
            duration: '1 month',
            description: i === 1 ? long : 'Work',
          },
        },
      });
    }
    const [card] = (await list('search=busy')).items;
    expect(card?.internships.map((i) => i.company)).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8']);
    expect(card?.internships[0]?.description).toBe(long.slice(0, 200));
    expect(card?.internships[1]?.description).toBe('Work');
    // The record keeps the whole text.
    const own = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie: s.cookie } });
    expect(own.json().message.pastInternshipsProjects.internships[0].description).toBe(long.trim());
  });

  it('uses the name index for a search (generic plan, as the app runs it)', async () => {
    const search = createStudentsReader(t.db).chunkAfter({ search: 'ama', degree: '' }, null, 20);
    const plan = await explainGeneric(t.db, search);
    expect(plan).toContain('accounts_student_sort_name_idx');
  });
});

describe('GET /api/college-staff/students.csv', () => {
  it('exports the filtered list with one header row and escaped values', async () => {
    await addStudent('Comma', 'Quote"s', {});
    const response = await t.app.inject({
      url: '/api/college-staff/students.csv?search=comma',
      headers: { cookie: staff.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named after today where the college is (TIME_ZONE), not in UTC.
    expect(response.headers['content-disposition']).toBe(`attachment; filename="students-${day(0)}.csv"`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Phone,Roll Number,Degrees,CGPA,Year of Passing,Account Status,Placed,Company,Package (LPA)',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^"Comma Quote""s",user-[0-9a-f]{8}@example\.com,9876543210,21BCE\d+,B\.Tech CSE,8,2026,Allowed,No,,$/,
    );
  });
});

describe('GET /api/college-staff/students.csv, more rows than one chunk', () => {
  it('streams every match once, in name order, across chunks of CSV_CHUNK students', async () => {
    const count = CSV_CHUNK + 234;
    await insertStudents(t.db, count, 'Chunky');
    const response = await t.app.inject({
      url: '/api/college-staff/students.csv?search=chunky',
      headers: { cookie: staff.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith('\uFEFFName,Email,')).toBe(true);
    const names = response.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names).toHaveLength(count);
    expect(new Set(names).size).toBe(count);
    expect(names[0]).toBe('Chunky Bulk00001');
    expect(names[CSV_CHUNK - 1]).toBe(`Chunky Bulk0${CSV_CHUNK}`);
    expect(names[CSV_CHUNK]).toBe(`Chunky Bulk0${CSV_CHUNK + 1}`);
    expect(names.at(-1)).toBe(`Chunky Bulk0${count}`);
  });
});

describe('student record editing', () => {
  const details = async (id: string) =>
    (
      await t.app.inject({
        url: `/api/college-staff/getStudentDetails/${id}`,
        headers: { cookie: staff.cookie },
      })
    ).json().message as StaffStudentDetails;

  const save = (payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/college-staff/updateStudentDetails',
      headers: { cookie: staff.cookie },
      payload: payload as object,
    });

  it('saves CGPA and placement, records each change in the audit log, and leaves the password alone', async () => {
    const s = await addStudent('Priya', 'Menon', { cgpa: 7.1 });
    const before = await details(s.id);
    const body = recordForm(before);
    body.educationalDetails.cgpa = 8.4;
    body.placementStatus = {
      isPlaced: true,
      companyName: 'Acme Corp',
      packageOffered: 12.5,
      status: 'Joined',
    };
    const response = await save(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: staffRecords.saved });

    const after = await details(s.id);
    expect(after.educationalDetails.cgpa).toBe(8.4);
    expect(after.placementStatus).toEqual({
      isPlaced: true,
      companyName: 'Acme Corp',
      packageOffered: 12.5,
      status: 'Joined',
    });
    expect(after.version).toBe(before.version + 1);
    // The rows before were the student's own entries; the save adds one per changed field.
    const added = after.audit.slice(0, after.audit.length - before.audit.length);
    expect(added.map((a) => [a.field, a.oldValue, a.newValue]).sort()).toEqual(
      [
        ['CGPA', '7.1', '8.4'],
        ['Placed', 'No', 'Yes'],
        ['Package (LPA)', '', '12.5'],
        ['Placed with', '', 'Acme Corp'],
        ['Placement note', '', 'Joined'],
      ].sort(),
    );
    expect(added.every((a) => a.by === 'Nisha Rao')).toBe(true);

    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: before.personalDetail.emailID, password: PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
  });

  it('refuses a stale edit with 409 and keeps the newer data', async () => {
    const s = await addStudent('Stale', 'Edit', { cgpa: 7 });
    const loaded = await details(s.id);
    const first = recordForm(loaded);
    first.educationalDetails.cgpa = 9;
    expect((await save(first)).statusCode).toBe(200);

    const second = recordForm(loaded);
    second.educationalDetails.cgpa = 6;
    const response = await save(second);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: staffRecords.staleEdit });
    expect((await details(s.id)).educationalDetails.cgpa).toBe(9);
  });

  it("also refuses an edit made stale by the student's own change", async () => {
    const s = await addStudent('Self', 'Editor', {});
    const loaded = await details(s.id);
    await t.app.inject({
      method: 'PUT',
      url: '/api/student/updateProfileDetail',
      headers: { cookie: s.cookie },
      payload: {
        typ: 'projects',
        value: { title: 'T', link: 'https://x.io', duration: '1w', description: 'D' },
      },
    });
    const response = await save({ ...recordForm(loaded), role: 'Debarred' });
    expect(response.statusCode).toBe(409);
  });

  it("refuses another student's email, unknown fields and a password, changing nothing", async () => {
    const a = await addStudent('Email', 'Owner', {});
    const b = await addStudent('Email', 'Taker', {});
    const owner = await details(a.id);
    const loaded = await details(b.id);
    const taker = recordForm(loaded);
    taker.personalDetail.emailID = owner.personalDetail.emailID;
    const taken = await save(taker);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: staffRecords.emailTaken });

    const withPassword = await save({ ...recordForm(await details(b.id)), password: 'hacked1' });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json()).toEqual({ message: invalid.notChangeable(['password']) });
    const withResume = await save({ ...recordForm(await details(b.id)), resume: '/etc/passwd' });
    expect(withResume.json()).toEqual({ message: invalid.notChangeable(['resume']) });
    expect((await details(b.id)).audit).toEqual(loaded.audit);
  });

  /** A student with a picture, a resume, an internship, a project and verified academic details. */
  async function fullStudent(firstName: string) {
    const s = await addStudent(firstName, 'Roundtrip', { cgpa: 7.5 });
    const file = (url: string, field: string, name: string, type: string, bytes: Buffer) => {
      const form = multipart(field, name, type, bytes);
      return t.app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, cookie: s.cookie },
      });
    };
    await file('/api/student/uploadProfilePicture', 'profilePicture', 'me.png', 'image/png', PNG);
    await file('/api/student/uploadResume', 'resume', 'cv.pdf', 'application/pdf', PDF);
    for (const payload of [
      {
        typ: 'internships',
        value: { company: 'Infosys', role: 'Intern', duration: '2 months', description: 'APIs' },
      },
      {
        typ: 'projects',
        value: { title: 'Portal', link: 'https://x.io', duration: '1 month', description: 'Web' },
      },
    ]) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/student/updateProfileDetail',
        headers: { cookie: s.cookie },
        payload,
      });
    }
    const body = recordForm(await details(s.id));
    body.educationalDetails.verified = true;
    expect((await save(body)).statusCode).toBe(200);
    return s;
  }

  /**
   * The spec's full record (id, personalDetail, educationalDetails, resume, role, placementStatus,
   * applicationStatus, pastInternshipsProjects), each part as getStudentDetails returned it.
   */
  const fullRecordFrom = (d: StaffStudentDetails) => ({
    id: d._id,
    version: d.version,
    personalDetail: d.personalDetail,
    educationalDetails: d.educationalDetails,
    resume: d.resume,
    role: d.role,
    placementStatus: d.placementStatus,
    applicationStatus: d.applicationStatus,
    pastInternshipsProjects: d.pastInternshipsProjects,
    debarment: d.debarment,
  });

  it('accepts the full record read back with only the CGPA changed, and stores the CGPA', async () => {
    const s = await fullStudent('Whole');
    const loaded = await details(s.id);
    expect(loaded.personalDetail.profilePicture).not.toBe('');
    expect(loaded.resume).not.toBe('');
    expect(loaded.educationalDetails.verification).not.toBeNull();
    expect(loaded.pastInternshipsProjects.internships).toHaveLength(1);

    const record = fullRecordFrom(loaded);
    const response = await save({
      ...record,
      educationalDetails: { ...record.educationalDetails, cgpa: 9.3 },
    });
    expect(response.json()).toEqual({ message: staffRecords.saved });
    expect(response.statusCode).toBe(200);

    const after = await details(s.id);
    expect(after.educationalDetails.cgpa).toBe(9.3);
    expect(after.audit[0]).toMatchObject({ field: 'CGPA', oldValue: '7.5', newValue: '9.3' });
    // What it could not change is as it was.
    expect(after.resume).toBe(loaded.resume);
    expect(after.pastInternshipsProjects).toEqual(loaded.pastInternshipsProjects);
  });

  it('refuses a changed read-only part of the record, naming it, and stores nothing', async () => {
    const s = await fullStudent('Readonly');
    const loaded = await details(s.id);
    const record = fullRecordFrom(loaded);
    const withCgpa = { ...record, educationalDetails: { ...record.educationalDetails, cgpa: 9.9 } };
    const [internship] = record.pastInternshipsProjects.internships;
    const cases: [object, string[]][] = [
      [{ ...withCgpa, resume: '/api/files/someone-else.pdf' }, ['resume']],
      [{ ...withCgpa, applicationStatus: 'Placed' }, ['applicationStatus']],
      [{ ...withCgpa, personalDetail: { ...record.personalDetail, profilePicture: '' } }, ['profilePicture']],
      [
        {
          ...withCgpa,
          educationalDetails: {
            ...withCgpa.educationalDetails,
            verification: { ...loaded.educationalDetails.verification!, by: 'Someone else' },
          },
        },
        ['verification'],
      ],
      [
        {
          ...withCgpa,
          resume: '',
          pastInternshipsProjects: {
            ...record.pastInternshipsProjects,
            internships: [{ ...internship!, description: 'Rewritten by staff' }],
          },
        },
        ['resume', 'pastInternshipsProjects'],
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await save(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: invalid.notChangeable(fields) });
    }
    const after = await details(s.id);
    expect(after.version).toBe(loaded.version);
    expect(after.educationalDetails.cgpa).toBe(7.5);
    expect(after.audit).toEqual(loaded.audit);
    expect(after.pastInternshipsProjects).toEqual(loaded.pastInternshipsProjects);
  });

  it('answers a record read before the student changed their picture with 409, not as a change', async () => {
    const s = await addStudent('New', 'Picture', {});
    const loaded = await details(s.id);
    const form = multipart('profilePicture', 'me.png', 'image/png', PNG);
    await t.app.inject({
      method: 'POST',
      url: '/api/student/uploadProfilePicture',
      payload: form.payload,
      headers: { ...form.headers, cookie: s.cookie },
    });
    const response = await save(fullRecordFrom(loaded));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: staffRecords.staleEdit });
  });

  it('needs a company when marking a student placed', async () => {
    const s = await addStudent('No', 'Company', {});
    const body = recordForm(await details(s.id));
    body.placementStatus = { isPlaced: true, companyName: '', packageOffered: 5, status: '' };
    const response = await save(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: staffRecords.placedCompany });
  });

  it('suspends a student at once: their next request gets the suspended message', async () => {
    const s = await addStudent('Soon', 'Suspended', {});
    expect(
      (await t.app.inject({ url: '/api/student/getUserData', headers: { cookie: s.cookie } })).statusCode,
    ).toBe(200);
    const response = await save({ ...recordForm(await details(s.id)), role: 'Suspended' });
    expect(response.statusCode).toBe(200);
    const next = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie: s.cookie } });
    expect(next.statusCode).toBe(403);
    expect(next.json()).toEqual({ message: auth.suspended });
  });

  it('answers 404 for an unknown student, and for a company id', async () => {
    const unknown = await t.app.inject({
      url: '/api/college-staff/getStudentDetails/00000000-0000-4000-8000-000000000000',
      headers: { cookie: staff.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: notFound.student });
  });
});

describe("the list's CSV file name", () => {
  it("is today's date where the college is (TIME_ZONE), not in UTC", async () => {
    // At any moment one of these two zones (UTC+14 and UTC-11) is on another date than UTC.
    const utcDate = dateInZone(new Date(), 'UTC');
    const zone =
      dateInZone(new Date(), 'Pacific/Kiritimati') !== utcDate ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const far = await createTestApp({ timeZone: zone });
    try {
      const staff = await world(far).staff();
      const response = await far.app.inject({
        url: '/api/college-staff/students.csv',
        headers: { cookie: staff.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="students-${dateInZone(new Date(), zone)}.csv"`,
      );
    } finally {
      await far.close();
    }
  });
});

describe('GET /api/college-staff/students, a search matching more than the count stops at', () => {
  it('counts up to the cap and gives an estimate of the rest, shown as "about N"', async () => {
    await insertStudents(t.db, 800, 'Estimo');
    // The estimate is the planner's: it reads the statistics that autovacuum (or, embedded, the
    // maintenance worker) keeps.
    await t.db.execute(sql`analyze accounts`);
    const page = await list('search=estimo');
    expect(page).toMatchObject({ total: STUDENT_COUNT_CAP, totalCapped: true });
    expect(page.totalEstimate).toBeGreaterThan(STUDENT_COUNT_CAP);
    expect(page.totalEstimate).toBeLessThan(5_000);
    expect(staffRecords.matchCount(page)).toBe(
      `about ${page.totalEstimate!.toLocaleString('en-IN')} students`,
    );

    // Under the cap the count is exact, and no estimate is sent.
    const exact = await list('search=estimo%20bulk0001');
    expect(exact).toMatchObject({ total: 10, totalCapped: false });
    expect(exact.totalEstimate).toBeUndefined();
    expect(staffRecords.matchCount(exact)).toBe('10 students');
  });

  it("keeps a search's estimate a minute while staff page through it", async () => {
    await insertStudents(t.db, 800, 'Kepto');
    await t.db.execute(sql`analyze accounts`);
    const first = await list('search=kepto');
    expect(first.totalEstimate).toBeGreaterThan(STUDENT_COUNT_CAP);
    // Twice as many match now; the planner would say so, but the next pages keep the first answer.
    await insertStudents(t.db, 800, 'Keptos');
    await t.db.execute(sql`analyze accounts`);
    const second = await list('search=kepto&page=2');
    expect(second.totalEstimate).toBe(first.totalEstimate);
    // Another search is estimated afresh.
    const other = await list('search=kept');
    expect(other.totalEstimate).toBeGreaterThan(first.totalEstimate!);
  });

  it('rounds an estimate to three figures', () => {
    expect([12_437, 999, 1_004, 123_456, 0].map(roundForEstimate)).toEqual([12_400, 999, 1_000, 123_000, 0]);
  });
});
