import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyStatus } from '@portal/contracts/common';
import { approval, auth, calendar, notFound, uploads } from '@portal/contracts/messages';
import type { ApplicantDetails, ApplicantPage } from '@portal/contracts/pipeline';
import type { StudentPage } from '@portal/contracts/staff';
import { accounts, recordViews, students as studentsTable } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, world } from '../../test/world.ts';
import { unzip } from '../../test/zip.ts';

/*
 * The visibility table: every company status × every student status × every route that shows a
 * company a student (or acts on one), each cell asserted against what a client sees. The rule is
 * `studentVisibility` (contracts); the expectations are written out here, not derived from it.
 */

type StudentStanding = 'Allowed' | 'Suspended' | 'Debarred' | 'Erased';
const standings: StudentStanding[] = ['Allowed', 'Suspended', 'Debarred', 'Erased'];
const companyStatuses: CompanyStatus[] = ['Allowed', 'Pending', 'Suspended', 'Rejected'];

/** What a company sees of one student, route by route. */
type Cell = {
  /** Browse students (`/api/company/students`) lists them. */
  browse: boolean | 403;
  /** `/api/company/getStudentDetails/:id`. */
  details: 200 | 404 | 403;
  /** The applicant list: the row with the record, the row without it, or refused. */
  applicants: 'record' | 'withheld' | 403;
  /** The applicant's page: with the student's record, without it, or refused. */
  applicant: 'record' | 'withheld' | 403;
  /** The job's applicants.csv: the row with degrees and CGPA, without them, or refused. */
  csv: 'record' | 'withheld' | 403;
  /** The resume book's applicants.csv: the row with email and resume, the name alone, or refused. */
  book: 'record' | 'withheld' | 403;
  resume: 200 | 404 | 403;
  picture: 200 | 404 | 403;
  /** The company's calendar feed: the interview names the student, is absent, or the feed is 404. */
  feed: 'named' | 'absent' | 404;
  /** The company's notifications: "… applied for …" shown, hidden, or refused. */
  notification: 'shown' | 'hidden' | 403;
  /** Rescheduling the student's interview. */
  move: 200 | 403;
};

const full: Cell = {
  browse: true,
  details: 200,
  applicants: 'record',
  applicant: 'record',
  csv: 'record',
  book: 'record',
  resume: 200,
  picture: 200,
  feed: 'named',
  notification: 'shown',
  move: 200,
};
/** An applicant the placement cell suspended, debarred or whose account was erased. */
const withheld: Cell = {
  browse: false,
  details: 404,
  applicants: 'withheld',
  applicant: 'withheld',
  csv: 'withheld',
  book: 'withheld',
  resume: 404,
  picture: 404,
  feed: 'named',
  notification: 'shown',
  move: 200,
};
/** A company moved back to Pending: nothing about students, every action refused. */
const awaiting: Cell = {
  browse: 403,
  details: 403,
  applicants: 403,
  applicant: 403,
  csv: 403,
  book: 403,
  resume: 403,
  picture: 403,
  feed: 'absent',
  notification: 'hidden',
  move: 403,
};
/** A suspended or rejected company cannot use the portal at all; its feed link is dead. */
const shutOut: Cell = { ...awaiting, feed: 404, notification: 403 };

const table: Record<CompanyStatus, Record<StudentStanding, Cell>> = {
  Allowed: { Allowed: full, Suspended: withheld, Debarred: withheld, Erased: withheld },
  Pending: { Allowed: awaiting, Suspended: awaiting, Debarred: awaiting, Erased: awaiting },
  Suspended: { Allowed: shutOut, Suspended: shutOut, Debarred: shutOut, Erased: shutOut },
  Rejected: { Allowed: shutOut, Suspended: shutOut, Debarred: shutOut, Erased: shutOut },
};

/** The message a refused company reads, by its status. */
const refusal: Record<CompanyStatus, string> = {
  Allowed: '',
  Pending: approval.awaiting,
  Suspended: auth.suspended,
  Rejected: approval.rejected,
};

type Student = {
  id: string;
  name: string;
  email: string;
  applicationId: string;
  resume: string;
  picture: string;
};

let t: TestApp;
let company: Company;
let jobId: string;
let feedPath: string;
const students = new Map<StudentStanding, Student>();

beforeAll(async () => {
  t = await createTestApp();
  const w = world(t);
  company = await w.company({ company: 'Globex' });
  jobId = (await w.job(company, { role: 'Analyst' }))._id;
  for (const standing of standings) {
    const firstName = `Vis${standing}`;
    const s = await w.student({ firstName, lastName: 'Kumar' });
    const { id } = s;
    await t.db
      .update(studentsTable)
      .set({ degrees: ['B.Tech CSE'], cgpa: 8.1, rollNumber: `21VIS${standing.toUpperCase()}` })
      .where(eq(studentsTable.accountId, id));
    await w.resume(s);
    await w.picture(s);
    const record = await w.services.studentsService.getOwnRecord(id);
    students.set(standing, {
      id,
      name: `${firstName} Kumar`,
      email: s.email,
      applicationId: await w.apply(s, jobId),
      resume: record.resume,
      picture: record.personalDetail.profilePicture,
    });
  }
  for (const student of students.values()) {
    await w.move(company, student.applicationId, {
      stage: 'Technical Interview',
      schedule: { at: new Date(Date.now() + 3 * 86_400_000).toISOString(), place: 'Room 2' },
    });
  }
  const feed = await t.app.inject({
    method: 'POST',
    url: '/api/company/calendarFeed',
    headers: { cookie: company.cookie },
  });
  feedPath = new URL(feed.json<{ message: { url: string } }>().message.url).pathname;
  // The placement cell acts on three of them; the looks so far were the company's while all were Allowed.
  await t.db.delete(recordViews);
  for (const standing of standings) {
    if (standing === 'Allowed') continue;
    await t.db
      .update(accounts)
      .set({ status: standing })
      .where(eq(accounts.id, students.get(standing)!.id));
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { cookie: company.cookie } });

/** What each route answers the company about one student, in the terms of the table. */
async function observe(student: Student, status: CompanyStatus): Promise<Cell> {
  const refused = (response: { statusCode: number; json: () => unknown }) => {
    if (response.statusCode !== 403) return false;
    expect((response.json() as { message: string }).message).toBe(refusal[status]);
    return true;
  };

  const browse = await get(`/api/company/students?search=${encodeURIComponent(student.name)}`);
  const details = await get(`/api/company/getStudentDetails/${student.id}`);
  if (details.statusCode === 404) expect(details.json().message).toBe(notFound.student);

  const list = await get(`/api/company/applicants?jobId=${jobId}`);
  let applicants: Cell['applicants'] = 403;
  if (!refused(list)) {
    const row = list
      .json<{ message: ApplicantPage }>()
      .message.items.find((i) => i.studentId === student.id)!;
    expect(row.name).toBe(student.name);
    applicants = row.withheld ? 'withheld' : 'record';
    if (row.withheld) expect([row.degrees, row.cgpa]).toEqual([[], null]);
    else expect(row.degrees).toEqual(['B.Tech CSE']);
  }

  const page = await get(`/api/company/applicantDetails/${student.applicationId}`);
  let applicant: Cell['applicant'] = 403;
  if (!refused(page)) {
    const d = page.json<{ message: ApplicantDetails }>().message;
    applicant = d.student === null ? 'withheld' : 'record';
    if (d.student) expect(d.student.personalDetail.emailID).toBe(student.email);
    else expect(page.body).not.toContain(student.email);
  }

  const csvResponse = await get(`/api/company/jobs/${jobId}/applicants.csv`);
  let csv: Cell['csv'] = 403;
  if (!refused(csvResponse)) {
    const line = csvResponse.body.split('\r\n').find((l) => l.startsWith(student.name))!;
    csv = line.includes('B.Tech') ? 'record' : 'withheld';
  }

  const bookResponse = await get(`/api/company/jobs/${jobId}/resumeBook?stage=Technical%20Interview`);
  let book: Cell['book'] = 403;
  if (!refused(bookResponse)) {
    const entries = await unzip(bookResponse.rawPayload);
    const sheet = entries.get('applicants.csv')!.toString();
    const line = sheet.split('\r\n').find((l) => l.startsWith(student.name))!;
    const hasResume = [...entries.keys()].some((name) =>
      name.endsWith(`-${student.name.replace(' ', '-')}.pdf`),
    );
    book = line.includes(student.email) ? 'record' : 'withheld';
    expect(hasResume).toBe(book === 'record');
  }

  const resume = await get(student.resume);
  if (resume.statusCode === 404) expect(resume.json().message).toBe(uploads.fileNotFound);
  const picture = await get(student.picture);

  const feedResponse = await t.app.inject({ url: feedPath });
  let feed: Cell['feed'] = 404;
  if (feedResponse.statusCode === 404) expect(feedResponse.json().message).toBe(calendar.feedNotFound);
  else feed = feedResponse.body.includes(student.name) ? 'named' : 'absent';
  if (feed === 'absent') expect(feedResponse.body).toContain('Application deadline — Analyst at Globex');

  const bell = await get('/api/notifications?pageSize=100');
  let notification: Cell['notification'] = 403;
  if (!refused(bell)) {
    const items = bell.json<{ message: { items: { body: string }[] } }>().message.items;
    notification = items.some((n) => n.body.includes(student.name)) ? 'shown' : 'hidden';
  }

  const move = await t.app.inject({
    method: 'POST',
    url: `/api/company/applications/${student.applicationId}/stage`,
    headers: { cookie: company.cookie },
    payload: {
      stage: 'Technical Interview',
      schedule: { at: new Date(Date.now() + 4 * 86_400_000).toISOString(), place: 'Room 3' },
    },
  });
  refused(move);

  return {
    browse: refused(browse)
      ? 403
      : browse.json<{ message: StudentPage }>().message.items.some((i) => i._id === student.id),
    details: details.statusCode as Cell['details'],
    applicants,
    applicant,
    csv,
    book,
    resume: resume.statusCode as Cell['resume'],
    picture: picture.statusCode as Cell['picture'],
    feed,
    notification,
    move: move.statusCode as Cell['move'],
  };
}

describe.each(companyStatuses)('a company that is %s', (status) => {
  beforeAll(async () => {
    await t.db.update(accounts).set({ status }).where(eq(accounts.id, company.id));
  });

  it.each(standings)('sees of a student who is %s exactly what the table says', async (standing) => {
    expect(await observe(students.get(standing)!, status)).toEqual(table[status][standing]);
  });
});

describe('the trace a look leaves', () => {
  it('records the company looking at the record and resume of the student in good standing only', async () => {
    const looks = await t.db
      .select({ studentId: recordViews.studentId, what: recordViews.what })
      .from(recordViews)
      .where(eq(recordViews.viewerId, company.id));
    const by = (standing: StudentStanding) =>
      looks
        .filter((l) => l.studentId === students.get(standing)!.id)
        .map((l) => l.what)
        .sort();
    expect(by('Allowed')).toEqual(['record', 'resume']);
    for (const standing of ['Suspended', 'Debarred', 'Erased'] as const) expect(by(standing)).toEqual([]);
  });
});
