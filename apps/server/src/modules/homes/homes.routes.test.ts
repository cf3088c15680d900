import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyHome, StaffHome, StudentHome } from '@portal/contracts/homes';
import { addDays } from '@portal/contracts/dates';
import { withinColleges } from '../../db/college-scope.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';

let t: TestApp;
let w: World;
let dist: string;
let staff: Person;
let acme: Company;
let globex: Company;
let asha: Person;
let ravi: Person;
/** An instant later today (in the college's zone): today's interviews and the upcoming ones both hold it. */
let laterToday: string;
let acmeJobId: string;
let newJobId: string;

const home = async <T>(who: Pick<Person, 'cookie'>, url: string) => {
  const response = await t.app.inject({ url, headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: T }>().message;
};

beforeAll(async () => {
  // A built web app, so `/` is served as it is in production (the landing page, or a redirect).
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  await fs.writeFile(path.join(dist, 'landing.html'), '<!doctype html><title>Portal</title><h1>Landing</h1>');
  t = await createTestApp({ webDistDir: dist });
  w = world(t);
  staff = await w.approver();
  acme = await w.company({ company: 'Acme' });
  globex = await w.company({ company: 'Globex' });
  await w.company({ company: 'Waiting Ltd', approved: false });

  const now = t.clock.now().getTime();
  laterToday = new Date(now + (t.clock.startOfTomorrow().getTime() - now) / 2).toISOString();

  const acmeJob = await w.job(acme, { role: 'Backend Engineer', package: 12 });
  acmeJobId = acmeJob._id;
  const globexJob = await w.job(globex, { role: 'Analyst', package: 6 });
  asha = await w.student({ firstName: 'Asha', lastName: 'Rao', academics: true });
  ravi = await w.student({ firstName: 'Ravi', lastName: 'Kumar', academics: true });
  await w.resume(asha);

  // Asha: an interview at Acme later today, an offer from Globex waiting for her answer.
  const ashaAcme = await w.apply(asha, acmeJob);
  await w.move(acme, ashaAcme, {
    stage: 'Technical Interview',
    schedule: { at: laterToday, place: 'Room 4' },
  });
  const ashaGlobex = await w.apply(asha, globexJob);
  await w.move(globex, ashaGlobex, {
    stage: 'Offer Letter',
    packageOffered: 6,
    decideBy: addDays(t.clock.today(), 7),
  });
  // Ravi: applied to Acme, not looked at yet.
  await w.apply(ravi, acmeJob);
  // A job posted after, which Asha may apply to and has not.
  newJobId = (await w.job(acme, { role: 'Data Engineer' }))._id;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe("the student's home", () => {
  it('lists what the profile lacks, offers to answer, interviews to come, applications by stage and new jobs', async () => {
    const h = await home<StudentHome>(asha, '/api/student/home');
    // Academic details and the resume are there; no picture, parents' names, internships or projects.
    expect(h.completeness.missing).toEqual(['picture', 'personal', 'internships', 'projects']);
    expect(h.completeness.percent).toBe(33);
    expect(h.offers).toEqual([
      expect.objectContaining({
        companyName: 'Globex',
        jobRole: 'Analyst',
        package: 6,
        decideBy: addDays(t.clock.today(), 7),
      }),
    ]);
    expect(h.upcoming).toEqual([
      expect.objectContaining({
        companyName: 'Acme',
        jobRole: 'Backend Engineer',
        stage: 'Technical Interview',
        at: laterToday,
        place: 'Room 4',
      }),
    ]);
    expect(h.applications).toBe(2);
    expect(h.applicationsByStage.filter((s) => s.count > 0)).toEqual([
      { stage: 'Technical Interview', count: 1 },
      { stage: 'Offer Letter', count: 1 },
    ]);
    expect(h.newJobs.map((j) => j._id)).toEqual([newJobId]);
  });

  it('shows a new account everything to fill in and no jobs it may not apply to', async () => {
    const fresh = await w.student({ firstName: 'New' });
    const h = await home<StudentHome>(fresh, '/api/student/home');
    expect(h.completeness).toEqual({
      percent: 0,
      missing: ['picture', 'personal', 'academic', 'resume', 'internships', 'projects'],
    });
    expect(h.applications).toBe(0);
    expect(h.offers).toEqual([]);
  });

  it("is the student's own: other roles are refused", async () => {
    const response = await t.app.inject({ url: '/api/student/home', headers: { cookie: acme.cookie } });
    expect(response.statusCode).toBe(403);
  });
});

describe("staff's home", () => {
  it("counts what waits for approval, lists today's interviews, the season's figures and recent activity", async () => {
    const h = await home<StaffHome>(staff, '/api/college-staff/home');
    expect(h.approvals.companiesWaiting).toBe(1);
    expect(h.approvals.companies.map((c) => c.name)).toEqual(['Waiting Ltd']);
    expect(h.approvals.changeRequestsWaiting).toBe(0);
    expect(h.today).toEqual([
      expect.objectContaining({
        studentId: asha.id,
        studentName: 'Asha Rao',
        companyName: 'Acme',
        at: laterToday,
      }),
    ]);
    expect(h.figures).toMatchObject({
      applications: 3,
      offersMade: 1,
      offersAccepted: 0,
      offersWaiting: 1,
      placed: 0,
    });
    expect(h.figures.openJobs).toBe(3);
    // Newest first: Ravi applied last.
    expect(h.activity[0]).toMatchObject({
      studentName: 'Ravi Kumar',
      stage: 'Form Submitted',
      companyName: 'Acme',
    });
    expect(h.activity.map((a) => a.stage)).toContain('Offer Letter');
  });
});

describe("the company's home", () => {
  it('shows its jobs with applicants per stage, its interviews today and what awaits it', async () => {
    const h = await home<CompanyHome>(acme, '/api/company/home');
    expect(h.status).toBe('Allowed');
    const job = h.jobs.find((j) => j._id === acmeJobId)!;
    expect(job.applicants).toBe(2);
    expect(job.byStage.filter((s) => s.count > 0)).toEqual([
      { stage: 'Form Submitted', count: 1 },
      { stage: 'Technical Interview', count: 1 },
    ]);
    expect(h.today).toEqual([expect.objectContaining({ studentName: 'Asha Rao', place: 'Room 4' })]);
    expect(h.awaiting).toEqual({ newApplicants: 1, offersWaiting: 0 });

    const other = await home<CompanyHome>(globex, '/api/company/home');
    expect(other.today).toEqual([]);
    expect(other.awaiting).toEqual({ newApplicants: 0, offersWaiting: 1 });
  });

  it('names no student to a company awaiting approval', async () => {
    const waiting = await w.company({ company: 'Later Ltd', approved: false });
    const h = await home<CompanyHome>(waiting, '/api/company/home');
    expect(h).toMatchObject({ status: 'Pending', jobs: [], today: [] });
  });
});

describe('/', () => {
  it.each([
    ['student', () => asha, '/student'],
    ['college-staff', () => staff, '/college-staff'],
    ['company', () => acme, '/company'],
  ])('sends a signed-in %s to their home with a redirect', async (_role, who, home) => {
    const response = await t.app.inject({ url: '/', headers: { cookie: who().cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(home);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('gives a visitor, or a cookie that names no session, the landing page', async () => {
    for (const headers of [{}, { cookie: 'portal_session=not-a-session' }]) {
      const response = await t.app.inject({ url: '/', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1>Landing</h1>');
    }
  });
});

describe('homes at two colleges', () => {
  it("lists each college's own interviews of the day on its staff's home", async () => {
    const north = (
      await createCollegesService({ collegesRepo: createCollegesRepo(t.db) }).create({
        slug: 'north',
        name: 'North College',
      })
    ).id;
    const [northStaff, nila] = await withinColleges([north], async () => [
      await w.staff(),
      await w.student({ firstName: 'Nila', lastName: 'Menon', academics: true }),
    ]);
    const northco = await w.company({ company: 'Northco', college: north });
    await withinColleges([north], async () =>
      w.services.companiesService.setStatus(await w.actor(northStaff), northco.id, {
        role: 'Allowed',
        reason: '',
      }),
    );
    const job = await w.job(northco, { role: 'Field Engineer' });
    const applicationId = await withinColleges([north], () => w.apply(nila, job));
    await w.move(northco, applicationId, {
      stage: 'Technical Interview',
      schedule: { at: laterToday, place: 'Hall 2' },
    });

    const names = async (who: Person) =>
      (await home<StaffHome>(who, '/api/college-staff/home')).today.map((r) => r.studentName);
    expect(await names(northStaff)).toEqual(['Nila Menon']);
    expect(await names(staff)).toEqual(['Asha Rao']);
    const northcoHome = await home<CompanyHome>(northco, '/api/company/home');
    expect(northcoHome.today.map((r) => [r.studentName, r.place])).toEqual([['Nila Menon', 'Hall 2']]);
  });
});
