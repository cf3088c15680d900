import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedCreated } from '@portal/contracts/calendar';
import { calendar } from '@portal/contracts/messages';
import { withinColleges } from '../../db/college-scope.ts';
import { applications, calendarFeeds } from '../../db/schema.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let smtp: SmtpServer;
let logLines = '';
let w: World;
let company: Company;
let otherCompany: Company;
let staff: Person;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines += chunk.toString();
      done();
    },
  });
  t = await createTestApp(
    { mail: { ...testConfig().mail, smtpUrl: smtp.url, appUrl: 'https://portal.test' } },
    { logStream },
  );
  w = world(t);
  company = await w.company({ firstName: 'Ravi', company: 'Initech, Ltd; Pune' });
  otherCompany = await w.company({ company: 'Globex' });
  staff = await w.staff();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** The company's job open from 2020 to the deadline; its id. */
const postJob = async (by: Company, role: string, applicationDeadline = '2099-12-31') =>
  (await w.job(by, { role, startDate: '2020-01-01', applicationDeadline }))._id;

/** A student named `firstName` Rao, with academics, who applied to the job. */
const apply = (jobId: string, firstName: string) => w.applicant(jobId, { firstName, lastName: 'Rao' });

const move = (applicationId: string, body: object, cookie = company.cookie) =>
  req(cookie, 'POST', `/api/company/applications/${applicationId}/stage`, body);

const parse = (ics: string) => {
  const root = new ICAL.Component(ICAL.parse(ics));
  return { root, events: root.getAllSubcomponents('vevent') };
};
const startOf = (event: ICAL.Component) =>
  (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString();

async function createFeed(cookie: string, role: string) {
  const response = await req(cookie, 'POST', `/api/${role}/calendarFeed`);
  expect(response.statusCode).toBe(201);
  return response.json().message as CalendarFeedCreated;
}
const feedPath = (feed: CalendarFeedCreated) => new URL(feed.url).pathname;

describe('calendar invites in emails', () => {
  it('attaches invite.ics to a scheduling email, keeps its UID with a higher SEQUENCE on a reschedule, and cancels it on rejection', async () => {
    const jobId = await postJob(company, 'SRE, Platform');
    const s = await apply(jobId, 'Divya');

    expect((await move(s.applicationId, { stage: 'Shortlisted' })).statusCode).toBe(200);
    const shortlisted = await smtp.next(s.email, /Shortlisted/);
    expect(shortlisted.attachments).toEqual([]);

    await move(s.applicationId, {
      stage: 'Technical Interview',
      schedule: { at: '2099-03-10T09:00:00Z', place: 'Room 12; Block A' },
    });
    const first = await smtp.next(s.email, /Technical Interview scheduled/);
    expect(first.text).toContain('scheduled for 10 Mar 2099, 2:30 pm IST');
    expect(first.attachments).toHaveLength(1);
    const invite = first.attachments[0]!;
    expect(invite.filename).toBe('invite.ics');
    expect(invite.contentType).toBe('text/calendar');
    expect(invite.method).toBe('REQUEST');
    const a = parse(invite.content);
    expect(a.root.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(a.events).toHaveLength(1);
    const uid = a.events[0]!.getFirstPropertyValue('uid');
    expect(uid).toBe(`application-${s.applicationId}-technical-interview@portal.test`);
    expect(startOf(a.events[0]!)).toBe('2099-03-10T09:00:00.000Z');
    expect(a.events[0]!.getFirstPropertyValue('location')).toBe('Room 12; Block A');
    expect(a.events[0]!.getFirstPropertyValue('summary')).toBe(
      'Technical Interview — SRE, Platform at Initech, Ltd; Pune',
    );
    const firstSequence = Number(a.events[0]!.getFirstPropertyValue('sequence'));

    await move(s.applicationId, {
      stage: 'Technical Interview',
      schedule: { at: '2099-03-11T05:30:00Z', place: 'Online' },
    });
    const again = parse((await smtp.next(s.email, /rescheduled/)).attachments[0]!.content);
    expect(again.events[0]!.getFirstPropertyValue('uid')).toBe(uid);
    expect(again.events[0]!.getFirstPropertyValue('sequence')).toBeGreaterThan(firstSequence);
    expect(startOf(again.events[0]!)).toBe('2099-03-11T05:30:00.000Z');
    const rescheduledSequence = Number(again.events[0]!.getFirstPropertyValue('sequence'));

    await move(s.applicationId, { stage: 'Rejected' });
    const rejected = await smtp.next(s.email, /Rejected/);
    expect(rejected.attachments[0]!.method).toBe('CANCEL');
    const cancel = parse(rejected.attachments[0]!.content);
    expect(cancel.root.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.events[0]!.getFirstPropertyValue('uid')).toBe(uid);
    expect(cancel.events[0]!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.events[0]!.getFirstPropertyValue('sequence')).toBeGreaterThan(rescheduledSequence);
  });

  it('sends no cancellation when a rejection comes before any schedule, or after the interview was held', async () => {
    const jobId = await postJob(company, 'Analyst');
    const s = await apply(jobId, 'Esha');
    await move(s.applicationId, { stage: 'Rejected' });
    expect((await smtp.next(s.email, /Rejected/)).attachments).toEqual([]);

    const held = await apply(jobId, 'Farid');
    await move(held.applicationId, {
      stage: 'HR Interview',
      schedule: { at: '2099-03-10T09:00:00Z', place: 'Room 1' },
    });
    await smtp.next(held.email, /HR Interview scheduled/);
    await t.db
      .update(applications)
      .set({ scheduleAt: new Date(Date.now() - 3_600_000) })
      .where(eq(applications.id, held.applicationId));
    await move(held.applicationId, { stage: 'Rejected' });
    expect((await smtp.next(held.email, /Rejected/)).attachments).toEqual([]);
  });
});

describe('calendar feeds', () => {
  it('serves a student their upcoming scheduled stages as text/calendar, and a company and staff theirs', async () => {
    const jobId = await postJob(company, 'Feed Engineer', '2099-06-30');
    const s = await apply(jobId, 'Farah');
    await move(s.applicationId, {
      stage: 'Online Assessment',
      schedule: { at: '2099-04-01T04:30:00Z', place: 'Online' },
    });
    const otherJob = await postJob(otherCompany, 'Globex Role', '2099-07-01');
    const other = await apply(otherJob, 'Gita');
    await move(
      other.applicationId,
      { stage: 'HR Interview', schedule: { at: '2099-05-01T04:30:00Z', place: 'HQ' } },
      otherCompany.cookie,
    );

    expect((await req(s.cookie, 'GET', '/api/student/calendarFeed')).json().message).toEqual({
      activeSince: null,
    });
    const feed = await createFeed(s.cookie, 'student');
    expect(feed.url).toMatch(/^https:\/\/portal\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await req(s.cookie, 'GET', '/api/student/calendarFeed')).json().message).toEqual({
      activeSince: feed.activeSince,
    });
    const [stored] = await t.db.select().from(calendarFeeds);
    expect(feed.url).not.toContain(stored!.tokenHash); // only the hash is kept

    const response = await t.app.inject({ method: 'GET', url: feedPath(feed) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const mine = parse(response.body).events;
    expect(mine.map((e) => e.getFirstPropertyValue('uid'))).toEqual([
      `application-${s.applicationId}-online-assessment@portal.test`,
    ]);
    expect(startOf(mine[0]!)).toBe('2099-04-01T04:30:00.000Z');

    const companyFeed = await createFeed(company.cookie, 'company');
    const companyEvents = parse(
      (await t.app.inject({ method: 'GET', url: feedPath(companyFeed) })).body,
    ).events;
    const summaries = companyEvents.map((e) => e.getFirstPropertyValue('summary'));
    expect(summaries).toContain('Online Assessment — Feed Engineer at Initech, Ltd; Pune (Farah Rao)');
    expect(summaries).toContain('Application deadline — Feed Engineer at Initech, Ltd; Pune');
    expect(summaries.join('\n')).not.toContain('Globex');

    const staffFeed = await createFeed(staff.cookie, 'college-staff');
    const staffSummaries = parse(
      (await t.app.inject({ method: 'GET', url: feedPath(staffFeed) })).body,
    ).events.map((e) => e.getFirstPropertyValue('summary'));
    expect(staffSummaries).toContain('HR Interview — Globex Role at Globex (Gita Rao)');
    expect(staffSummaries).toContain('Online Assessment — Feed Engineer at Initech, Ltd; Pune (Farah Rao)');
    expect(staffSummaries).toContain('Application deadline — Globex Role at Globex');
  });

  it('answers 404 for a revoked, rotated, unknown or malformed token, and keeps the token out of the log', async () => {
    const s = await w.student();
    const old = await createFeed(s.cookie, 'student');
    expect((await t.app.inject({ method: 'GET', url: feedPath(old) })).statusCode).toBe(200);

    const rotated = await createFeed(s.cookie, 'student');
    const stale = await t.app.inject({ method: 'GET', url: feedPath(old) });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({ message: calendar.feedNotFound });
    expect((await t.app.inject({ method: 'GET', url: feedPath(rotated) })).statusCode).toBe(200);

    const revoked = await req(s.cookie, 'DELETE', '/api/student/calendarFeed');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: calendar.feedRevoked });
    const gone = await t.app.inject({ method: 'GET', url: feedPath(rotated) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: calendar.feedNotFound });
    expect((await req(s.cookie, 'GET', '/api/student/calendarFeed')).json().message).toEqual({
      activeSince: null,
    });
    expect((await req(s.cookie, 'DELETE', '/api/student/calendarFeed')).statusCode).toBe(404);

    for (const url of ['/api/calendar/nope.ics', `/api/calendar/${'A'.repeat(43)}.ics`, '/api/calendar/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: calendar.feedNotFound });
    }

    const token = /calendar\/([^.]+)\.ics/.exec(rotated.url)![1]!;
    const oldToken = /calendar\/([^.]+)\.ics/.exec(old.url)![1]!;
    expect(logLines).toContain('/api/calendar/[token]');
    expect(logLines).not.toContain(token);
    expect(logLines).not.toContain(oldToken);
  });
});

/**
 * A college with a host name of its own (`npm run college -- host`): its students' calendar files
 * link there, as their emails do; the first college's still link to APP_URL. UIDs stay on APP_URL's
 * host: an entry already in a calendar keeps being updated when a college is given a host later.
 */
describe("a college's own host name", () => {
  it("puts its students' invite links and feed links on that host; the first college's are unchanged", async () => {
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    const north = await colleges.create({ slug: 'cal-north', name: 'North', host: 'placements.north.edu' });
    const northStaff = await withinColleges([north.id], () => w.staff());
    // The company recruits at North too, and posts a job to both colleges.
    expect((await req(company.cookie, 'POST', `/api/company/colleges/${north.id}`)).statusCode).toBe(200);
    const allowed = await req(northStaff.cookie, 'PUT', `/api/college-staff/companies/${company.id}/status`, {
      role: 'Allowed',
      reason: '',
    });
    expect(allowed.statusCode).toBe(200);
    const jobId = (await w.job(company, { role: 'Two Campus SRE', colleges: [1, north.id] }))._id;
    const atNorth = await withinColleges([north.id], () => apply(jobId, 'Nikhil'));
    const atMain = await apply(jobId, 'Meera');

    const schedule = { stage: 'HR Interview', schedule: { at: '2099-08-01T05:00:00Z', place: 'Room 3' } };
    const inviteOf = async (s: { applicationId: string; email: string }) => {
      expect((await move(s.applicationId, schedule)).statusCode).toBe(200);
      const email = await smtp.next(s.email, /HR Interview scheduled/);
      const [event] = parse(email.attachments[0]!.content).events;
      return { text: email.text, event: event! };
    };
    const north1 = await inviteOf(atNorth);
    expect(north1.event.getFirstPropertyValue('description')).toBe(
      'Your HR Interview with Initech, Ltd; Pune for Two Campus SRE. https://placements.north.edu/student/interview',
    );
    // The email's own link lands there too.
    expect(north1.text).toContain('https://placements.north.edu/student/interview');
    expect(north1.event.getFirstPropertyValue('uid')).toBe(
      `application-${atNorth.applicationId}-hr-interview@portal.test`,
    );
    const main1 = await inviteOf(atMain);
    expect(main1.event.getFirstPropertyValue('description')).toBe(
      'Your HR Interview with Initech, Ltd; Pune for Two Campus SRE. https://portal.test/student/interview',
    );

    // The feed's link: at North's host for its student and staff, at APP_URL for the first college's.
    const northFeed = await createFeed(atNorth.cookie, 'student');
    expect(northFeed.url).toMatch(
      /^https:\/\/placements\.north\.edu\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect((await createFeed(northStaff.cookie, 'college-staff')).url).toMatch(
      /^https:\/\/placements\.north\.edu\/api\/calendar\//,
    );
    expect((await createFeed(atMain.cookie, 'student')).url).toMatch(
      /^https:\/\/portal\.test\/api\/calendar\//,
    );
    // A company is one account across colleges: its link stays at APP_URL.
    expect((await createFeed(company.cookie, 'company')).url).toMatch(
      /^https:\/\/portal\.test\/api\/calendar\//,
    );
    // The feed answers at the college's host, with the invite's UID.
    const feed = await t.app.inject({
      method: 'GET',
      url: feedPath(northFeed),
      headers: { host: 'placements.north.edu' },
    });
    expect(parse(feed.body).events.map((e) => e.getFirstPropertyValue('uid'))).toEqual([
      `application-${atNorth.applicationId}-hr-interview@portal.test`,
    ]);
  });
});
