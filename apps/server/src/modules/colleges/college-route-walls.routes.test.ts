import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinColleges } from '../../db/college-scope.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world } from '../../test/world.ts';
import { createCollegesRepo } from './colleges.repo.ts';
import { createCollegesService } from './colleges.service.ts';

/**
 * The route-access table with two colleges: every identity of college A (a student, a staff
 * member, a company allowed at A only) × every API route naming an id × the ids of college B's rows
 * is refused (400, 403 or 404), and no answer of any route to A holds anything of B.
 */
describe("every route, with college B's ids, to college A's people", () => {
  let t: TestApp;
  let north: number;
  const a = {} as Record<'student' | 'college-staff' | 'company', Person>;
  /** Text only college B's rows hold: found in an answer to A, it leaked. */
  const markers: string[] = [];
  let ids: string[] = [];
  let parents: string[] = [];
  let applicationB = '';
  let moveAsCompanyB: (stage: 'Shortlisted') => Promise<unknown> = async () => {};

  beforeAll(async () => {
    t = await createTestApp();
    const w = world(t);
    north = (
      await createCollegesService({ collegesRepo: createCollegesRepo(t.db) }).create({
        slug: 'north',
        name: 'North College',
      })
    ).id;
    a['college-staff'] = await w.staff();
    a.student = await w.student({ academics: true });
    a.company = await w.company({ company: 'Only First Labs' });
    await w.job(a.company, { role: 'First College Role' });

    // College B: its staff, a student with a record, an internship and a resume, a company allowed
    // at B only with a job posted to B and the student's application, a drive day and an event.
    const [staffB, studentB] = await withinColleges([north], async () => [
      await w.staff({ firstName: 'Northstaff' }),
      await w.student({ firstName: 'Northstudent', academics: true }),
    ]);
    const send = (who: Person, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
    expect(
      (
        await send(studentB, 'PUT', '/api/student/updateProfileDetail', {
          typ: 'internships',
          value: {
            company: 'Northwind',
            role: 'Intern',
            duration: '2 months',
            description: 'Zephyrine internship',
          },
        })
      ).statusCode,
    ).toBe(200);
    await w.resume(studentB);
    const companyB = await w.company({ company: 'Only North Labs', college: north, approved: false });
    expect(
      (
        await send(staffB, 'PUT', `/api/college-staff/companies/${companyB.id}/status`, {
          role: 'Allowed',
          reason: '',
        })
      ).statusCode,
    ).toBe(200);
    const jobB = await w.job(companyB, { role: 'Zephyr North Role', colleges: [north] });
    applicationB = await withinColleges([north], () => w.apply(studentB, jobB));
    moveAsCompanyB = (stage) => w.move(companyB, applicationB, { stage });
    expect(
      (
        await send(staffB, 'POST', '/api/college-staff/driveDays', {
          date: '2099-02-05',
          gapMinutes: 10,
          rankingCutoff: '2099-02-01T00:00:00Z',
          rooms: ['Zephyr Room'],
        })
      ).statusCode,
    ).toBe(201);
    const startsAt = new Date(Date.now() + 86_400_000);
    const event = await send(staffB, 'POST', '/api/college-staff/events', {
      kind: 'Pre-placement talk',
      title: 'Zephyr talk',
      description: 'Meet the team.',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      place: 'Seminar Hall',
      onlineLink: '',
      capacity: 5,
      audience: 'college',
      jobId: null,
      stage: null,
      requiredToApply: false,
    });
    expect(event.statusCode).toBe(201);
    markers.push(
      studentB.email,
      staffB.email,
      companyB.email,
      'Zephyrine internship',
      'Zephyr North Role',
      'Zephyr Room',
      'Zephyr talk',
    );

    // Every id of a row of college B (read as the tables' owner, past the walls).
    const of = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ id: string }>(await t.db.execute(query)).map((r) => String(r.id));
    const inB = sql`(select id from accounts where college_id = ${north})`;
    const days = await of(sql`select id from drive_days where college_id = ${north}`);
    const events = await of(sql`select id from events where college_id = ${north}`);
    parents = [...days, ...events, studentB.id, jobB._id];
    ids = [
      ...new Set([
        ...(await of(inB)),
        companyB.id,
        jobB._id,
        ...days,
        ...events,
        ...(await of(sql`select id from applications where student_id in ${inB}`)),
        ...(await of(sql`select id from internships where student_id in ${inB}`)),
        ...(await of(
          sql`select id from drive_day_rooms where drive_day_id in (select id from drive_days where college_id = ${north})`,
        )),
        ...(await of(sql`select id from programmes where college_id = ${north} limit 3`)),
        ...(await of(
          sql`select id from notifications where account_id in ${inB} or account_id = ${companyB.id}`,
        )),
      ]),
    ];
    expect(ids.length).toBeGreaterThan(10);
  }, 120_000);
  afterAll(() => t?.close());

  /** A route's URL with its id parameters filled; the file route gets B's real file names. */
  const urlsOf = (path: string): string[] => {
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    if (params.length === 0) return [path];
    if (params.some((p) => !['id', 'itemId', 'applicationId', 'ownerId', 'name'].includes(p))) return [];
    if (params.includes('name')) return [];
    const urls = ids.map((id) => path.replace(/:\w+/g, id));
    if (params.length > 1) {
      for (const parent of parents) {
        for (const id of ids)
          urls.push(path.replace(/:id\b/, parent).replace(/:(itemId|applicationId)\b/, id));
      }
    }
    return urls;
  };

  for (const who of ['student', 'college-staff', 'company'] as const) {
    it(`refuses college A's ${who} every one of B's rows, and shows it nothing of B`, async () => {
      const leaks: string[] = [];
      let tried = 0;
      for (const route of t.app.routeAccess) {
        if (route.access === 'public' || route.url === '/api/live' || route.url.endsWith('/signout'))
          continue;
        // Only reads and the calls that name one of B's rows: a write naming none acts on A's own.
        const named = route.url.includes(':');
        if (!named && route.method !== 'GET') continue;
        for (const url of urlsOf(route.url)) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { cookie: a[who].cookie },
          });
          tried += 1;
          if (named && response.statusCode < 400)
            leaks.push(`${route.method} ${url}: ${response.statusCode}`);
          const found = markers.filter((m) => response.body.includes(m));
          if (found.length > 0) leaks.push(`${route.method} ${url}: shows ${found.join(', ')}`);
        }
      }
      expect(leaks).toEqual([]);
      // Every id of B on every route that names one (the pool is not empty, nor the routes).
      expect(tried).toBeGreaterThan(1_000);
    }, 300_000);
  }

  it("leaves college B's rows as they were", async () => {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from internships where description = 'Zephyrine internship'`,
      ),
    );
    expect(row?.n).toBe(1);
    expect(north).toBeGreaterThan(1);
  });

  it("files the stage changes of B's application under B, as the application is", async () => {
    // The company's move runs unwalled, where a column's default would name the first college.
    await moveAsCompanyB('Shortlisted');
    const changes = rowsOf<{ college: number }>(
      await t.db.execute(sql`select e.college_id as college from application_events e
        join applications a on a.id = e.application_id join jobs j on j.id = a.job_id
        where j.role = 'Zephyr North Role'`),
    );
    expect(changes.length).toBe(2);
    expect(changes.every((c) => c.college === north)).toBe(true);
  });
});
