import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCollegeMessages, type CompanyCollege } from '@portal/contracts/companies';
import type { StaffHome } from '@portal/contracts/homes';
import type { CompanyDetails, CompanyPage } from '@portal/contracts/staff';
import type { Job, OwnJob, VacancyPage } from '@portal/contracts/jobs';
import type { Programme } from '@portal/contracts/programmes';
import {
  companyNames,
  jobs as jobMessages,
  programmes as programmeMessages,
} from '@portal/contracts/messages';
import { withinColleges } from '../../db/college-scope.ts';
import { accounts, applications, companies, jobColleges, jobs, notifications } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world } from '../../test/world.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';

/**
 * One company, two colleges: it asks each, each college's staff decide on their own, it posts one
 * job to both, and each college's students see it (and may apply) only once their college allows
 * the company; the company sees each college's students only while that college allows it.
 */
describe('a company recruiting at two colleges', () => {
  let t: TestApp;
  let north: number;
  let staffA: Person;
  let staffB: Person;
  let studentA: Person;
  let studentB: Person;
  let company: Person;
  let jobId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const w = world(t);
    north = (
      await createCollegesService({ collegesRepo: createCollegesRepo(t.db) }).create({
        slug: 'north',
        name: 'North College',
      })
    ).id;
    staffA = await w.staff();
    studentA = await w.student({ academics: true });
    [staffB, studentB] = await withinColleges([north], async () => [
      await w.staff(),
      await w.student({ academics: true }),
    ]);
    company = await w.company({ company: 'Two Campus Labs', approved: false });
  });
  afterAll(() => t?.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject(
      payload === undefined
        ? { method, url, headers: { cookie } }
        : { method, url, headers: { cookie }, payload },
    );
  const standings = async () =>
    (await call(company.cookie, 'GET', '/api/company/colleges')).json<{ message: CompanyCollege[] }>()
      .message;
  const companiesOf = async (staff: Person) =>
    (await call(staff.cookie, 'GET', '/api/college-staff/companies')).json<{ message: CompanyPage }>().message
      .items;
  const decide = (staff: Person, role: string) =>
    call(staff.cookie, 'PUT', `/api/college-staff/companies/${company.id}/status`, { role, reason: '' });
  const vacancies = async (student: Person) =>
    (await call(student.cookie, 'GET', '/api/student/jobs')).json<{ message: VacancyPage }>().message.items;
  const homeOf = async (staff: Person) =>
    (await call(staff.cookie, 'GET', '/api/college-staff/home')).json<{ message: StaffHome }>().message;
  const apply = (student: Person) =>
    call(student.cookie, 'POST', '/api/student/jobApplyByStudent', { jobID: jobId });

  it('asks the college it signed up at, then another, whose staff are told; asking again changes nothing', async () => {
    expect((await standings()).map((c) => [c.slug, c.status])).toEqual([
      ['main', 'Pending'],
      ['north', null],
    ]);
    const asked = await call(company.cookie, 'POST', `/api/company/colleges/${north}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(companyCollegeMessages.asked('North College'));
    const again = await call(company.cookie, 'POST', `/api/company/colleges/${north}`);
    expect(again.json().message).toBe(companyCollegeMessages.alreadyAsked('North College'));
    expect((await call(company.cookie, 'POST', '/api/company/colleges/999')).statusCode).toBe(404);

    const told = await t.db
      .select({ to: notifications.accountId, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.title, companyCollegeMessages.newAskTitle));
    expect(told).toEqual([{ to: staffB.id, body: companyCollegeMessages.newAskNotice('Two Campus Labs') }]);
    expect((await standings()).map((c) => c.status)).toEqual(['Pending', 'Pending']);
  });

  it("is decided on by each college's staff alone: the first approves, the second still sees it waiting", async () => {
    expect((await decide(staffA, 'Allowed')).statusCode).toBe(200);
    expect((await companiesOf(staffA)).map((c) => [c.company, c.role])).toEqual([
      ['Two Campus Labs', 'Allowed'],
    ]);
    expect((await companiesOf(staffB)).map((c) => [c.company, c.role])).toEqual([
      ['Two Campus Labs', 'Pending'],
    ]);
    expect((await standings()).map((c) => c.status)).toEqual(['Allowed', 'Pending']);
    // Each college's home counts what waits for its own decision.
    const homeA = await homeOf(staffA);
    expect([homeA.approvals.companiesWaiting, homeA.approvals.companies.map((c) => c.name)]).toEqual([0, []]);
    const homeB = await homeOf(staffB);
    expect([homeB.approvals.companiesWaiting, homeB.approvals.companies.map((c) => c.name)]).toEqual([
      1,
      ['Two Campus Labs'],
    ]);
    const [account] = await t.db
      .select({ status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, company.id));
    expect(account?.status).toBe('Allowed');
  });

  it("sees the students of the college that allows it, and not the other's", async () => {
    const listed = await call(company.cookie, 'GET', '/api/company/students?pageSize=100');
    expect(listed.statusCode).toBe(200);
    const ids = listed.json<{ message: { items: { _id: string }[] } }>().message.items.map((s) => s._id);
    expect(ids).toContain(studentA.id);
    expect(ids).not.toContain(studentB.id);
    const other = await call(company.cookie, 'GET', `/api/company/students?college=${north}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('There is no such college.');
    expect(
      (await call(company.cookie, 'GET', `/api/company/getStudentDetails/${studentA.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await call(company.cookie, 'GET', `/api/company/getStudentDetails/${studentB.id}`)).statusCode,
    ).toBe(404);
  });

  it('posts one job to both colleges; a college that has not approved it lists it nowhere to its students', async () => {
    const refused = await call(company.cookie, 'POST', '/api/company/postJob', {
      typ: 'jobs',
      value: {
        role: 'Nowhere',
        description: 'd',
        qualifications: ['B.Tech'],
        startDate: '2020-01-01',
        applicationDeadline: '2099-12-31',
        colleges: [1, north, 999],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(companyCollegeMessages.notAsked);

    const job = await world(t).job(company, { role: 'Two Campus Engineer', colleges: [1, north] });
    jobId = job._id;
    const posted = await t.db.select().from(jobColleges).where(eq(jobColleges.jobId, jobId));
    expect(posted.map((p) => p.collegeId).sort()).toEqual([1, north].sort());

    expect((await vacancies(studentA)).map((v) => v.role)).toContain('Two Campus Engineer');
    expect((await vacancies(studentB)).map((v) => v.role)).not.toContain('Two Campus Engineer');
    const early = await apply(studentB);
    expect(early.statusCode).toBe(404);
    expect((await call(studentB.cookie, 'GET', `/api/student/jobs/${jobId}`)).statusCode).toBe(404);
  });

  it("lists the job to the second college's students once its staff approve, and they may apply", async () => {
    expect((await decide(staffB, 'Allowed')).statusCode).toBe(200);
    expect((await vacancies(studentB)).map((v) => v.role)).toContain('Two Campus Engineer');
    const w = world(t);
    await w.resume(studentA);
    await w.resume(studentB);
    expect((await apply(studentB)).statusCode).toBe(201);
    expect((await apply(studentA)).statusCode).toBe(201);
    // Each college's staff count the applicants of their own college.
    expect((await companiesOf(staffA))[0]?.applicants).toBe(1);
    expect((await companiesOf(staffB))[0]?.applicants).toBe(1);
    // An application carries its student's college, whatever a writer says.
    const stored = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ student: applications.studentId, college: applications.collegeId })
            .from(applications)
            .where(eq(applications.jobId, jobId))
        ).map((a) => [a.student, a.college]),
      );
    expect(await stored()).toEqual({ [studentA.id]: 1, [studentB.id]: north });
    await t.db.update(applications).set({ collegeId: 1 }).where(eq(applications.studentId, studentB.id));
    expect(await stored()).toEqual({ [studentA.id]: 1, [studentB.id]: north });
    // Each college's home and statistics count their own application.
    expect((await homeOf(staffA)).figures.applications).toBe(1);
    expect((await homeOf(staffB)).figures.applications).toBe(1);
  });

  it("keeps a suspension to the college that made it: the job leaves that college's list, and its applicant is withheld", async () => {
    expect((await decide(staffB, 'Suspended')).statusCode).toBe(200);
    expect((await vacancies(studentB)).map((v) => v.role)).not.toContain('Two Campus Engineer');
    expect((await vacancies(studentA)).map((v) => v.role)).toContain('Two Campus Engineer');
    expect((await standings()).map((c) => c.status)).toEqual(['Allowed', 'Suspended']);

    const applicants = await call(company.cookie, 'GET', `/api/company/applicants?jobId=${jobId}`);
    expect(applicants.statusCode).toBe(200);
    const rows = applicants.json<{ message: { items: { studentId: string; withheld: boolean }[] } }>().message
      .items;
    expect(rows.find((r) => r.studentId === studentA.id)?.withheld).toBe(false);
    expect(rows.find((r) => r.studentId === studentB.id)?.withheld).toBe(true);

    // Each college's staff read only their own decisions.
    const details = async (staff: Person) =>
      (await call(staff.cookie, 'GET', `/api/college-staff/companyDetails/${company.id}`)).json<{
        message: { statusHistory: { status: string }[] };
      }>().message.statusHistory;
    expect((await details(staffA)).map((h) => h.status)).toEqual(['Allowed']);
    expect((await details(staffB)).map((h) => h.status)).toEqual(['Suspended', 'Allowed']);
  });

  it('changes the colleges of a posted job: at least one, keeping one that suspended it, adding none that refused it', async () => {
    const edit = (colleges?: number[]) =>
      call(company.cookie, 'PUT', `/api/company/jobs/${jobId}`, {
        role: 'Two Campus Engineer',
        description: 'Build things',
        qualifications: ['B.Tech'],
        startDate: '2020-01-01',
        applicationDeadline: '2099-12-31',
        ...(colleges === undefined ? {} : { colleges }),
      });
    const postedTo = async () =>
      (await call(company.cookie, 'GET', '/api/company/jobs'))
        .json<{ message: OwnJob[] }>()
        .message.find((j) => j._id === jobId)?.colleges;
    expect(await postedTo()).toEqual([1, north]);

    const none = await edit([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(jobMessages.noCollege);
    // North suspended the company: the job may stay posted there (it lists again once allowed).
    expect((await edit([north, 1])).statusCode).toBe(200);
    expect(await postedTo()).toEqual([1, north]);

    expect((await edit([1])).statusCode).toBe(200);
    expect(await postedTo()).toEqual([1]);
    const rows = await t.db.select().from(jobColleges).where(eq(jobColleges.jobId, jobId));
    expect(rows.map((r) => r.collegeId)).toEqual([1]);
    // Gone from North, it may not go back while North suspends the company; nor to an unknown college.
    for (const colleges of [[1, north], [999]]) {
      const refused = await edit(colleges);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(companyCollegeMessages.notAsked);
    }
    // An edit leaving the colleges out leaves them.
    expect((await edit()).statusCode).toBe(200);
    expect(await postedTo()).toEqual([1]);
    // Another company's job is not found, whatever colleges it names.
    const other = await world(t).company({ company: 'Other Labs' });
    const foreign = await call(other.cookie, 'PUT', `/api/company/jobs/${jobId}`, {
      role: 'Taken',
      description: 'd',
      qualifications: ['B.Tech'],
      startDate: '2020-01-01',
      applicationDeadline: '2099-12-31',
      colleges: [1],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('is unknown to the staff of a college it never asked', async () => {
    const other = await world(t).company({ company: 'First Only', approved: false });
    expect((await companiesOf(staffB)).map((c) => c.company)).not.toContain('First Only');
    const decided = await call(staffB.cookie, 'PUT', `/api/college-staff/companies/${other.id}/status`, {
      role: 'Allowed',
      reason: '',
    });
    expect(decided.statusCode).toBe(404);
    const [account] = await t.db
      .select({ status: accounts.status })
      .from(accounts)
      .where(and(eq(accounts.id, other.id), eq(accounts.role, 'company')));
    expect(account?.status).toBe('Pending');
  });
});

type Caller = (
  who: Pick<Person, 'cookie'>,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;

const callerOf =
  (t: TestApp): Caller =>
  (who, method, url, payload) =>
    t.app.inject(
      payload === undefined
        ? { method, url, headers: { cookie: who.cookie } }
        : { method, url, headers: { cookie: who.cookie }, payload },
    );

/** A second college beside the first, a staff member of each, and a company both allow. */
async function companyAtTwoColleges(slug: string, companyName: string) {
  const t = await createTestApp();
  const w = world(t);
  const north = (
    await createCollegesService({ collegesRepo: createCollegesRepo(t.db) }).create({
      slug,
      name: `College ${slug}`,
    })
  ).id;
  const staffA = await w.staff();
  const staffB = await withinColleges([north], () => w.staff());
  const company = await w.company({ company: companyName, firstName: 'Irfan', lastName: 'Khan' });
  const call = callerOf(t);
  expect((await call(company, 'POST', `/api/company/colleges/${north}`)).statusCode).toBe(200);
  const allowed = await call(staffB, 'PUT', `/api/college-staff/companies/${company.id}/status`, {
    role: 'Allowed',
    reason: '',
  });
  expect(allowed.statusCode).toBe(200);
  return { t, w, north, staffA, staffB, company, call };
}

/**
 * A job posted to several colleges names programmes from their catalogues: a target is a code,
 * degree or level, which each student's college's catalogue gives meaning to.
 */
describe("a job's programmes at two colleges", () => {
  let t: TestApp;
  let north: number;
  let staffA: Person;
  let staffB: Person;
  let studentB: Person;
  let company: Person;
  let call: Caller;

  beforeAll(async () => {
    let w: ReturnType<typeof world>;
    ({ t, w, north, staffA, staffB, company, call } = await companyAtTwoColleges(
      'north-design',
      'Form Works',
    ));
    await w.student();
    studentB = await withinColleges([north], () => w.student());
    // North teaches a programme the first college does not.
    const added = await call(staffB, 'POST', '/api/college-staff/programmes', {
      code: 'BDES-ID',
      level: 'Undergraduate',
      degree: 'B.Des',
      branch: 'Industrial Design',
      durationYears: 4,
    });
    expect(added.statusCode, added.body).toBe(201);
  });
  afterAll(() => t?.close());

  const post = (colleges: number[], eligibleDegrees: string[]) =>
    call(company, 'POST', '/api/company/postJob', {
      typ: 'jobs',
      value: {
        role: 'Product Designer',
        description: 'Design things',
        qualifications: ['B.Des'],
        startDate: '2020-01-01',
        applicationDeadline: '2099-12-31',
        colleges,
        eligibleDegrees,
      },
    });

  it('offers the company the programmes of every college it may post to, each code once', async () => {
    const listed = await call(company, 'GET', '/api/programmes');
    expect(listed.statusCode).toBe(200);
    const codes = listed.json<{ message: Programme[] }>().message.map((p) => p.code);
    expect(codes).toContain('BDES-ID');
    expect(codes).toContain('BTECH-CSE');
    expect(codes.filter((c) => c === 'BTECH-CSE')).toHaveLength(1);
    // Each college's staff and students still read their own college's catalogue.
    const ownCodes = async (who: Person) =>
      (await call(who, 'GET', '/api/programmes')).json<{ message: Programme[] }>().message.map((p) => p.code);
    expect(await ownCodes(staffA)).not.toContain('BDES-ID');
    expect(await ownCodes(studentB)).toContain('BDES-ID');
  });

  it("resolves a job's programmes in the catalogues of the colleges it is posted to", async () => {
    const there = await post([1, north], ['B.Des Industrial Design']);
    expect(there.statusCode, there.body).toBe(201);
    const job = there.json<{ message: Job }>().message;
    expect(job.eligibility.programmes).toEqual(['programme:BDES-ID']);
    expect(job.eligibility.degrees).toEqual(['B.Des Industrial Design']);

    // Posted to the first college only, the same text names nothing it teaches: refused, nothing stored.
    const before = await t.db.select({ id: jobs.id }).from(jobs);
    const refused = await post([1], ['B.Des Industrial Design']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(programmeMessages.unknownTarget('B.Des Industrial Design'));
    expect(await t.db.select({ id: jobs.id }).from(jobs)).toHaveLength(before.length);
    // An edit keeping the job's colleges resolves against them too.
    const edited = await call(company, 'PUT', `/api/company/jobs/${job._id}`, {
      role: 'Product Designer',
      description: 'Design things',
      qualifications: ['B.Des'],
      startDate: '2020-01-01',
      applicationDeadline: '2099-12-31',
      eligibleDegrees: ['B.Des'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ message: Job }>().message.eligibility.programmes).toEqual(['degree:B.Des']);
  });

  it("counts a draft's students at the colleges it would go to that allow the company", async () => {
    const counted = async (colleges: number[] | undefined, eligibleDegrees: string[] = []) => {
      const response = await call(company, 'POST', '/api/jobs/eligibleCount', {
        minCgpa: null,
        eligibleDegrees,
        eligibleYears: [],
        ...(colleges && { colleges }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ message: { count: number } }>().message.count;
    };
    // One student at each college; a college that never allowed the company counts none of its own.
    expect(await counted(undefined)).toBe(2);
    expect(await counted([1])).toBe(1);
    expect(await counted([north])).toBe(1);
    expect(await counted([999])).toBe(0);
    // Ticked only where the company may not post: nobody is reached, whatever the programmes (no
    // catalogue is read; the first college's would not know North's programme).
    expect(await counted([999], ['B.Des Industrial Design'])).toBe(0);
    // North's programme is known where the draft goes to North (its students hold none of it yet).
    expect(await counted([north], ['B.Des Industrial Design'])).toBe(0);
    const unknown = await call(company, 'POST', '/api/jobs/eligibleCount', {
      minCgpa: null,
      eligibleDegrees: ['B.Des Industrial Design'],
      eligibleYears: [],
      colleges: [1],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(programmeMessages.unknownTarget('B.Des Industrial Design'));
  });

  it("lets a college rename a code only another college's job names", async () => {
    // North's catalogue started as a copy of the first college's: both teach BTECH-IT. A job for
    // North alone names it.
    const northOnly = await post([north], ['BTECH-IT']);
    expect(northOnly.statusCode, northOnly.body).toBe(201);
    const idOf = async (who: Person, code: string) =>
      (await call(who, 'GET', '/api/programmes'))
        .json<{ message: Programme[] }>()
        .message.find((p) => p.code === code)!._id;
    const rename = async (who: Person, code: string) =>
      call(who, 'PUT', `/api/college-staff/programmes/${await idOf(who, 'BTECH-IT')}`, {
        code,
        level: 'Undergraduate',
        degree: 'B.Tech',
        branch: 'Information Technology',
        durationYears: 4,
      });
    // North's job names North's programme: North may not change its code...
    const held = await rename(staffB, 'BTECH-INFO');
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(programmeMessages.codeInUse('BTECH-IT'));
    // ...and the first college, whose jobs do not name it, may.
    const renamed = await rename(staffA, 'BTECH-INFT');
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

/**
 * A new name is approved by each college that approved the company before students anywhere see
 * it: one college's staff cannot rename a company for another college's students.
 */
describe("a company's new name at two colleges", () => {
  let t: TestApp;
  let staffA: Person;
  let staffB: Person;
  let company: Person;
  let call: Caller;

  beforeAll(async () => {
    ({ t, staffA, staffB, company, call } = await companyAtTwoColleges('north-names', 'Umbrella'));
  });
  afterAll(() => t?.close());

  const rename = (name: string) =>
    call(company, 'PUT', '/api/company/companyProfileUpdate', {
      firstName: 'Irfan',
      lastName: 'Khan',
      staffID: '2001',
      phone: '9876543210',
      company: name,
    });
  const decide = (staff: Person, decision: 'Approved' | 'Rejected', name: string, reason = '') =>
    call(staff, 'PUT', `/api/college-staff/companies/${company.id}/name`, { decision, name, reason });
  const stored = async () => {
    const [row] = await t.db.select().from(companies).where(eq(companies.accountId, company.id));
    return { name: row!.name, pendingName: row!.pendingName };
  };
  const summary = async (staff: Person) =>
    (await call(staff, 'GET', '/api/college-staff/companies'))
      .json<{ message: CompanyPage }>()
      .message.items.find((c) => c._id === company.id)!;
  const toldCompany = () =>
    t.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.accountId, company.id));

  it('waits for every approving college: the first approval keeps the old name, the second applies it', async () => {
    expect((await rename('Umbrella Corporation')).statusCode).toBe(200);
    const first = await decide(staffA, 'Approved', 'Umbrella Corporation');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(companyNames.approvedHere(1));
    expect(await stored()).toEqual({ name: 'Umbrella', pendingName: 'Umbrella Corporation' });
    expect((await summary(staffA)).nameApprovedHere).toBe(true);
    expect((await summary(staffB)).nameApprovedHere).toBe(false);
    expect((await toldCompany()).map((n) => n.title)).not.toContain(companyNames.approvedTitle);
    // What waits on each college's home: North's decision, not the first college's any more.
    const waiting = async (staff: Person) =>
      (await call(staff, 'GET', '/api/college-staff/home')).json<{ message: StaffHome }>().message.approvals
        .nameChangesWaiting;
    expect([await waiting(staffA), await waiting(staffB)]).toEqual([0, 1]);

    const second = await decide(staffB, 'Approved', 'Umbrella Corporation');
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe(companyNames.approved);
    expect(await stored()).toEqual({ name: 'Umbrella Corporation', pendingName: null });
    const titles = (await toldCompany()).map((n) => n.title);
    expect(titles.filter((title) => title === companyNames.approvedTitle)).toHaveLength(1);
  });

  it('is kept from students when any approving college rejects it, whatever another approved', async () => {
    expect((await rename('Umbrella Holdings')).statusCode).toBe(200);
    expect((await decide(staffB, 'Approved', 'Umbrella Holdings')).json().message).toBe(
      companyNames.approvedHere(1),
    );
    const rejected = await decide(staffA, 'Rejected', 'Umbrella Holdings', 'Not the registered name.');
    expect(rejected.json().message).toBe(companyNames.rejected);
    expect(await stored()).toEqual({ name: 'Umbrella Corporation', pendingName: null });
    // Asked again, the name starts afresh: North's earlier approval no longer counts.
    expect((await rename('Umbrella Holdings')).statusCode).toBe(200);
    expect((await summary(staffB)).nameApprovedHere).toBe(false);
    expect((await decide(staffA, 'Approved', 'Umbrella Holdings')).json().message).toBe(
      companyNames.approvedHere(1),
    );
    expect(await stored()).toEqual({ name: 'Umbrella Corporation', pendingName: 'Umbrella Holdings' });
  });

  it("shows each college's staff the company's asks and their own college's decisions only", async () => {
    const history = async (staff: Person) =>
      (await call(staff, 'GET', `/api/college-staff/companyDetails/${company.id}`))
        .json<{ message: CompanyDetails }>()
        .message.nameHistory.map((h) => [h.event, h.to]);
    const ofA = await history(staffA);
    const ofB = await history(staffB);
    // A's: its two approvals and its rejection; never North's approvals.
    expect(ofA.filter(([event]) => event !== 'Requested')).toEqual([
      ['Approved', 'Umbrella Holdings'],
      ['Rejected', 'Umbrella Holdings'],
      ['Approved', 'Umbrella Corporation'],
    ]);
    expect(ofB.filter(([event]) => event !== 'Requested')).toEqual([
      ['Approved', 'Umbrella Holdings'],
      ['Approved', 'Umbrella Corporation'],
    ]);
    // Both see the company's own asks.
    expect(ofA.filter(([event]) => event === 'Requested')).toEqual(
      ofB.filter(([event]) => event === 'Requested'),
    );
  });
});
