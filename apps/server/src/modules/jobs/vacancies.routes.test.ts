import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET_JOBS_CAP, type VacancyListing, type VacancyPage } from '@portal/contracts/jobs';
import { applying, http, paging, vacancies } from '@portal/contracts/messages';
import type { PlacementPolicyBody } from '@portal/contracts/placement-policy';
import { accounts, jobColleges, jobs, students } from '../../db/schema.ts';
import { acceptedOffer, day } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world, type World } from '../../test/world.ts';

const list = async (t: TestApp, cookie: string, query = '') => {
  const response = await t.app.inject({ url: `/api/student/jobs${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: VacancyPage }>().message;
};

describe('GET /api/student/jobs: paging, sorting, search, applied', () => {
  let t: TestApp;
  let student: string;
  /** The open jobs by role, as posted. */
  const posted: { _id: string; role: string; applicationDeadline: string; package: number | null }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const w = world(t);
    // Ready to apply: academic details and a resume (Apply needs both).
    const ready = await w.student({ academics: true });
    await w.resume(ready);
    student = ready.cookie;
    const acme = await w.company({ company: 'Acme Corp' });
    const globex = await w.company({ company: 'Globex Labs' });
    // Posted in this order (newest last); deadlines and packages chosen to tie here and there.
    const specs = [
      [
        acme,
        {
          role: 'Backend Engineer',
          applicationDeadline: day(5),
          package: 12,
          location: 'Bengaluru',
          workMode: 'Hybrid',
        },
      ],
      [acme, { role: 'Data Analyst', applicationDeadline: day(3), package: null }],
      [globex, { role: 'Frontend Engineer', applicationDeadline: day(5), package: 12 }],
      [
        globex,
        {
          role: 'Researcher',
          applicationDeadline: day(9),
          package: 30,
          location: 'Pune',
          workMode: 'Remote',
        },
      ],
      [acme, { role: '100% Remote Support', applicationDeadline: day(3), package: 4 }],
      [globex, { role: 'Intern', applicationDeadline: day(20), package: null, type: 'Internship' }],
      [acme, { role: 'Designer', startDate: day(2), applicationDeadline: day(12), package: 8 }],
    ] as const;
    for (const [company, value] of specs) posted.push(await w.job(company, value));
    // Not listed: closed, deadline passed, a company awaiting approval.
    await w.job(acme, { role: 'Closed Engineer', status: 'Closed' });
    const pending = await w.company({ company: 'Pending Co', approved: false });
    await w.job(pending, { role: 'Pending Engineer' });
    const old = await w.job(acme, { role: 'Old Engineer' });
    await t.db
      .update(jobs)
      .set({ applicationDeadline: day(-2), startDate: day(-5) })
      .where(eq(jobs.id, old._id));
  });
  afterAll(() => t.close());

  const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

  it('pages through every open job once, soonest deadline first by default, with the total on each page', async () => {
    const first = await list(t, student);
    expect(first.total).toBe(posted.length);
    expect(first.items).toHaveLength(posted.length);
    const expected = [...posted]
      .sort((a, b) => a.applicationDeadline.localeCompare(b.applicationDeadline) || byId(a, b))
      .map((j) => j._id);
    expect(first.items.map((j) => j._id)).toEqual(expected);

    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = await list(t, student, `?pageSize=3&page=${page}`);
      expect(p.total).toBe(posted.length);
      seen.push(...p.items.map((j) => j._id));
    }
    expect(seen).toEqual(expected);

    const past = await list(t, student, '?pageSize=3&page=9');
    expect(past).toEqual({ items: [], total: posted.length });
  });

  it('sorts by newest posted and by highest package, none last, ties by a stable key', async () => {
    const newest = await list(t, student, '?sort=newest');
    expect(newest.items.map((j) => j.role)).toEqual([...posted].reverse().map((j) => j.role));

    const byPackage = await list(t, student, '?sort=package');
    const expected = [...posted]
      .sort((a, b) => (b.package ?? -1) - (a.package ?? -1) || byId(a, b))
      .map((j) => j._id);
    expect(byPackage.items.map((j) => j._id)).toEqual(expected);
    expect(byPackage.items.slice(-2).map((j) => j.package)).toEqual([null, null]);
    const paged = [
      ...(await list(t, student, '?sort=package&pageSize=2&page=1')).items,
      ...(await list(t, student, '?sort=package&pageSize=2&page=2')).items,
      ...(await list(t, student, '?sort=package&pageSize=2&page=3')).items,
      ...(await list(t, student, '?sort=package&pageSize=2&page=4')).items,
    ];
    expect(paged.map((j) => j._id)).toEqual(expected);
  });

  it('narrows by type, work mode, location, company, lowest package and tier, on the server', async () => {
    const roles = async (query: string) =>
      (await list(t, student, `${query}&pageSize=100`)).items.map((j) => j.role).sort();
    expect(await roles('?type=Internship')).toEqual(['Intern']);
    expect(await roles('?workMode=Remote')).toEqual(['Researcher']);
    expect(await roles('?location=%20bengal')).toEqual(['Backend Engineer']);
    expect(await roles('?company=globex')).toEqual(['Frontend Engineer', 'Intern', 'Researcher']);
    expect(await roles('?minPackage=12')).toEqual(['Backend Engineer', 'Frontend Engineer', 'Researcher']);
    expect(await roles('?company=acme&minPackage=10&workMode=Hybrid')).toEqual(['Backend Engineer']);
    // The tier is the policy's name for the job's package: the filter keeps exactly those items.
    const all = await list(t, student, '?pageSize=100');
    const researcherTier = all.items.find((j) => j.role === 'Researcher')!.tier;
    expect(await roles(`?tier=${encodeURIComponent(researcherTier.toUpperCase())}`)).toEqual(
      all.items
        .filter((j) => j.tier === researcherTier)
        .map((j) => j.role)
        .sort(),
    );
    // The job's location and work mode are on each item (On-site when the company did not say).
    const backend = all.items.find((j) => j.role === 'Backend Engineer')!;
    expect(backend).toMatchObject({ location: 'Bengaluru', workMode: 'Hybrid' });
    expect(all.items.find((j) => j.role === 'Intern')).toMatchObject({ location: '', workMode: 'On-site' });
  });

  it('refuses a bad filter value with its message', async () => {
    const cases: [string, string][] = [
      ['?type=Contract', vacancies.type],
      ['?workMode=Office', vacancies.workMode],
      ['?minPackage=-1', vacancies.minPackage],
      ['?minPackage=lots', vacancies.minPackage],
      [`?location=${'a'.repeat(101)}`, vacancies.location],
      [`?company=${'a'.repeat(101)}`, vacancies.company],
    ];
    for (const [query, message] of cases) {
      const response = await t.app.inject({ url: `/api/student/jobs${query}`, headers: { cookie: student } });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
    }
  });

  it('searches the role and the company name, in any case, trimmed, as plain text', async () => {
    const engineer = await list(t, student, '?search=%20ENGINEER%20');
    expect(engineer.items.map((j) => j.role).sort()).toEqual(['Backend Engineer', 'Frontend Engineer']);
    expect(engineer.total).toBe(2);

    const globex = await list(t, student, '?search=globex');
    expect(globex.items.map((j) => j.companyName)).toEqual(['Globex Labs', 'Globex Labs', 'Globex Labs']);

    // % and _ are ordinary characters, not wildcards.
    expect((await list(t, student, '?search=100%25')).items.map((j) => j.role)).toEqual([
      '100% Remote Support',
    ]);
    expect((await list(t, student, '?search=_')).total).toBe(0);
  });

  it('marks the jobs the student applied to', async () => {
    const target = posted.find((j) => j.role === 'Researcher')!;
    const apply = await t.app.inject({
      method: 'POST',
      url: '/api/student/jobApplyByStudent',
      headers: { cookie: student },
      payload: { jobID: target._id },
    });
    expect(apply.statusCode).toBe(201);
    const items = (await list(t, student)).items;
    expect(items.filter((j) => j.applied).map((j) => j._id)).toEqual([target._id]);
  });

  it('shows a job whose window has not opened yet as opening later, and leaves it out of eligibleOnly', async () => {
    const designer = (await list(t, student, '?search=designer')).items[0]!;
    expect(designer.refusal).toBe('notOpenYet');
    expect(designer.notEligibleReason).toBe(applying.notOpenYet(day(2)));
    expect(designer.companyName).toBe('Acme Corp');
    const eligible = await list(t, student, '?eligibleOnly=true&pageSize=100');
    expect(eligible.items.map((j) => j.role)).not.toContain('Designer');
    expect(eligible.total).toBe(posted.length - 1);
  });

  it('answers 400 with a message for each bad query value', async () => {
    const cases: [string, string][] = [
      ['?sort=salary', vacancies.sort],
      ['?eligibleOnly=yes', vacancies.eligibleOnly],
      ['?page=0', paging.page],
      ['?page=abc', paging.page],
      ['?pageSize=101', paging.pageSize],
      ['?pageSize=0', paging.pageSize],
      [`?search=${'a'.repeat(101)}`, vacancies.search],
      ['?search=a%00b', http.controlCharacters],
    ];
    for (const [query, message] of cases) {
      const response = await t.app.inject({ url: `/api/student/jobs${query}`, headers: { cookie: student } });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
    }
  });
});

describe('eligibleOnly: exactly the jobs applyDecision accepts', () => {
  let t: TestApp;
  let w: World;
  let staff: Person;
  const cookies: Record<string, string> = {};

  const dream: PlacementPolicyBody = {
    maxAcceptedOffers: 1,
    tiers: [
      { name: 'Regular', minPackage: 0 },
      { name: 'Dream', minPackage: 10 },
      { name: 'Super Dream', minPackage: 20 },
    ],
    higherTierAfterPlaced: true,
    internshipsCount: false,
    decisionDays: 7,
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = world(t);
    staff = await w.staff();
    const company = await w.company({ company: 'Acme Corp' });
    const jobSpecs: Record<string, unknown>[] = [
      {},
      { minCgpa: 8 },
      { minCgpa: 7.5, eligibleDegrees: ['B.Tech', 'M.Tech'] },
      { eligibleDegrees: ['B.Tech CSE', 'Postgraduate'] },
      { eligibleYears: [2025, 2026] },
      { package: 12 },
      { package: 25 },
      { package: 10 },
      { package: 9.99 },
      { package: 5, type: 'Internship' },
      { package: 15, type: 'Internship', eligibleYears: [2026] },
      { startDate: day(1) },
      { minCgpa: 6, eligibleYears: [2026], eligibleDegrees: ['b.tech'] },
    ];
    for (const [i, value] of jobSpecs.entries()) await w.job(company, { role: `Job ${i}`, ...value });
    // Targets stored as a script might (no labels kept): the rule reads the targets alone.
    const raw = await w.job(company, { role: 'Job raw' });
    await t.db
      .update(jobs)
      .set({ eligibleProgrammes: ['degree:B.Tech', 'programme:MBA'] })
      .where(eq(jobs.id, raw._id));
    const fullTime = await w.job(company, { role: 'Offer FT', status: 'Closed', package: 12 });
    const internship = await w.job(company, {
      role: 'Offer Intern',
      status: 'Closed',
      package: 5,
      type: 'Internship',
    });

    type Facts = {
      cgpa?: number | null;
      degrees?: string[];
      yearOfPassing?: number | null;
      verified?: boolean;
      /** Debarred until this day (null: until lifted); not debarred when absent. */
      debarredUntil?: string | null;
      offer?: 'full-time' | 'internship';
    };
    const table: Record<string, Facts> = {
      blank: {},
      btech: { cgpa: 8, degrees: ['b.tech ece'], yearOfPassing: 2026, verified: true },
      mtech: { cgpa: 7.5, degrees: ['M.Tech CSE '], yearOfPassing: 2025 },
      ecole: { cgpa: 9.5, degrees: ['école'], yearOfPassing: 2024, verified: true },
      cse: { cgpa: 6, degrees: ['B.Tech Computer Science and Engineering'], yearOfPassing: 2026 },
      placed: { cgpa: 9, degrees: ['B.Tech CSE'], yearOfPassing: 2026, verified: true, offer: 'full-time' },
      intern: { cgpa: 9, degrees: ['MBA'], yearOfPassing: 2026, offer: 'internship' },
      debarred: {
        cgpa: 9,
        degrees: ['B.Tech IT'],
        yearOfPassing: 2026,
        verified: true,
        debarredUntil: day(30),
      },
      debarredForever: { cgpa: 9, verified: true, debarredUntil: null },
      debarmentOver: { cgpa: 9, degrees: ['B.Tech ME'], yearOfPassing: 2025, debarredUntil: day(-1) },
    };
    for (const [name, facts] of Object.entries(table)) {
      const { id, cookie } = await w.student({ firstName: name });
      cookies[name] = cookie;
      await t.db
        .update(students)
        .set({
          cgpa: facts.cgpa ?? null,
          degrees: facts.degrees ?? [],
          yearOfPassing: facts.yearOfPassing ?? null,
          academicsVerifiedAt: facts.verified ? new Date() : null,
          // Everyone but the blank student has the roll number and resume every application needs.
          rollNumber: name === 'blank' ? null : `21BCE${name.toUpperCase()}`,
          resume: name === 'blank' ? '' : 'resumes/given.pdf',
          debarReason: facts.debarredUntil === undefined ? '' : 'Misconduct',
          debarredUntil: facts.debarredUntil === undefined ? null : facts.debarredUntil,
        })
        .where(eq(students.accountId, id));
      if (facts.debarredUntil !== undefined) {
        await t.db.update(accounts).set({ status: 'Debarred' }).where(eq(accounts.id, id));
      }
      if (facts.offer) {
        const job = facts.offer === 'full-time' ? fullTime : internship;
        await acceptedOffer(t.db, id, job._id, job.package!);
      }
    }
  });
  afterAll(() => t.close());

  /** Each student's eligible jobs as the filter finds them and as each item's decision says. */
  async function compare() {
    let eligibleSomewhere = 0;
    let refusedSomewhere = 0;
    for (const [name, cookie] of Object.entries(cookies)) {
      const all = await list(t, cookie, '?pageSize=100');
      const decided = all.items.filter((j) => j.notEligibleReason === null).map((j) => j.role);
      const filtered = await list(t, cookie, '?eligibleOnly=true&pageSize=100');
      expect(filtered.items.map((j) => j.role).sort(), name).toEqual([...decided].sort());
      expect(filtered.total, name).toBe(decided.length);
      expect(filtered.items.every((j) => j.notEligibleReason === null && j.refusal === null)).toBe(true);
      eligibleSomewhere += decided.length;
      refusedSomewhere += all.total - decided.length;
    }
    // The table is worth something only if it has both answers.
    expect(eligibleSomewhere).toBeGreaterThan(10);
    expect(refusedSomewhere).toBeGreaterThan(10);
  }

  const settings = (requireVerifiedAcademics: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/college-staff/settings',
      headers: { cookie: staff.cookie },
      payload: { requireVerifiedAcademics },
    });

  it('agrees under the default policy', compare);

  it('agrees under tiers where placed students may try for a higher one', async () => {
    await w.policy(dream, staff);
    await compare();
  });

  it('agrees when internships count and placed students stop at one offer', async () => {
    await w.policy({ ...dream, higherTierAfterPlaced: false, internshipsCount: true }, staff);
    await compare();
  });

  it('agrees when only verified students may apply', async () => {
    expect((await settings(true)).statusCode).toBe(200);
    await compare();
    expect((await settings(false)).statusCode).toBe(200);
  });
});

describe('GET /api/student/getJobs: capped', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`lists at most ${GET_JOBS_CAP} open jobs, those with the soonest deadlines`, async () => {
    const w = world(t);
    const student = (await w.student()).cookie;
    const template = await w.job(await w.company(), { role: 'Late', applicationDeadline: day(60) });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, template._id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = row!;
    const copies = await t.db
      .insert(jobs)
      .values(
        Array.from({ length: GET_JOBS_CAP }, (_, i) => ({
          ...fields,
          role: `Soon ${i}`,
          applicationDeadline: day(1 + (i % 30)),
        })),
      )
      .returning({ jobId: jobs.id });
    // Posted to the college, as the template was.
    await t.db.insert(jobColleges).values(copies.map((c) => ({ ...c, collegeId: 1 })));

    const response = await t.app.inject({ url: '/api/student/getJobs', headers: { cookie: student } });
    const listing = response.json<{ message: VacancyListing }>().message;
    const roles = listing.flatMap((c) => c.jobs.map((j) => j.role));
    expect(roles).toHaveLength(GET_JOBS_CAP);
    expect(roles).not.toContain('Late');
    expect((await list(t, student, '?pageSize=1')).total).toBe(GET_JOBS_CAP + 1);
  });
});
