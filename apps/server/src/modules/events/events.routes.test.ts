import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AttendanceCode,
  EventDetail,
  PlacementEvent,
  ScanResult,
  StudentEvent,
} from '@portal/contracts/events';
import type { DriveDay } from '@portal/contracts/drive-days';
import type { VacancyPage } from '@portal/contracts/jobs';
import { applying, events as messages } from '@portal/contracts/messages';
import { withinColleges } from '../../db/college-scope.ts';
import { accounts, eventRegistrations, liveEvents, notifications, outboxEmails } from '../../db/schema.ts';
import { insertStudents } from '../../test/bulk-students.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';

/** The app's clock: the expiry test moves it on. */
let now = new Date();
let t: TestApp;
let w: World;
let staff: Person;
let globex: Company;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  w = world(t);
  staff = await w.staff();
  globex = await w.company({ company: 'Globex' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (who: Pick<Person, 'cookie'>, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const ok = async <T>(who: Pick<Person, 'cookie'>, method: Method, url: string, payload?: object) => {
  const r = await req(who, method, url, payload);
  if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
  return r.json().message as T;
};
const refused = async (
  who: Pick<Person, 'cookie'>,
  method: Method,
  url: string,
  payload?: object,
): Promise<[number, string]> => {
  const r = await req(who, method, url, payload);
  return [r.statusCode, r.json().message];
};

const hours = (n: number) => new Date(now.getTime() + n * 3_600_000).toISOString();
const talk = (extra: object = {}) => ({
  kind: 'Pre-placement talk',
  title: 'Globex: who we are',
  description: 'Meet the team.',
  startsAt: hours(24),
  endsAt: hours(25),
  place: 'Seminar Hall',
  onlineLink: '',
  capacity: 2,
  audience: 'college',
  jobId: null,
  stage: null,
  requiredToApply: false,
  ...extra,
});
const staffEvent = (extra: object = {}) =>
  ok<PlacementEvent>(staff, 'POST', '/api/college-staff/events', talk(extra));
const studentList = (s: Person) => ok<StudentEvent[]>(s, 'GET', '/api/student/events');
const codeOf = async (s: Person, eventId: string) =>
  (await ok<AttendanceCode>(s, 'GET', `/api/student/events/${eventId}/code`)).code;
const scan = (who: Person, eventId: string, code: string, side = 'college-staff') =>
  req(who, 'POST', `/api/${side}/events/${eventId}/attendance`, { code });

describe('making events', () => {
  it('staff make an event for the college; it lists with its counts', async () => {
    const event = await staffEvent();
    expect(event).toMatchObject({
      kind: 'Pre-placement talk',
      title: 'Globex: who we are',
      capacity: 2,
      audience: 'college',
      organiser: 'Placement cell',
      registered: 0,
      waiting: 0,
    });
    const list = await ok<PlacementEvent[]>(staff, 'GET', '/api/college-staff/events');
    expect(list.map((e) => e.id)).toContain(event.id);
  });

  it('refuses an end before the start, no place nor link, a past start and a job audience without a job', async () => {
    expect(await refused(staff, 'POST', '/api/college-staff/events', talk({ endsAt: hours(23) }))).toEqual([
      400,
      messages.endsBeforeStart,
    ]);
    expect(await refused(staff, 'POST', '/api/college-staff/events', talk({ place: '' }))).toEqual([
      400,
      messages.placeOrLink,
    ]);
    expect(
      await refused(
        staff,
        'POST',
        '/api/college-staff/events',
        talk({ startsAt: hours(-2), endsAt: hours(-1) }),
      ),
    ).toEqual([400, messages.startsInPast]);
    expect(await refused(staff, 'POST', '/api/college-staff/events', talk({ audience: 'eligible' }))).toEqual(
      [400, messages.jobRequired],
    );
  });

  it("staff pick one of the college's open jobs and make its stage's event, required to apply", async () => {
    const job = await w.job(globex, { role: 'Staff-picked role' });
    const choices = await ok<{ id: string; role: string; company: string }[]>(
      staff,
      'GET',
      '/api/college-staff/eventJobs',
    );
    expect(choices).toContainEqual({ id: job._id, role: 'Staff-picked role', company: 'Globex' });
    const event = await staffEvent({
      audience: 'stage',
      jobId: job._id,
      stage: 'Shortlisted',
      requiredToApply: true,
    });
    expect(event).toMatchObject({
      organiser: 'Placement cell',
      job: 'Staff-picked role at Globex',
      stage: 'Shortlisted',
      requiredToApply: true,
    });
  });

  it('a company makes events for its own jobs only, and sees only its own', async () => {
    const job = await w.job(globex);
    const initech = await w.company({ company: 'Initech' });
    expect(await refused(initech, 'POST', '/api/company/events', talk({ jobId: job._id }))).toEqual([
      400,
      messages.notYourJob,
    ]);
    expect(await refused(initech, 'POST', '/api/company/events', talk())).toEqual([
      400,
      messages.jobRequired,
    ]);
    const own = await ok<PlacementEvent>(globex, 'POST', '/api/company/events', talk({ jobId: job._id }));
    expect(own).toMatchObject({ organiser: 'Globex', job: 'Engineer at Globex' });
    expect(
      (await ok<PlacementEvent[]>(initech, 'GET', '/api/company/events')).map((e) => e.id),
    ).not.toContain(own.id);
    expect(await refused(initech, 'GET', `/api/company/events/${own.id}`)).toEqual([404, messages.notFound]);
    // Staff of the college see the company's event too.
    expect((await ok<EventDetail>(staff, 'GET', `/api/college-staff/events/${own.id}`)).event.id).toBe(
      own.id,
    );
  });
});

describe('registering, capacity and the waiting list', () => {
  it('registers up to the capacity, then waits in order; a cancellation promotes the first and tells them', async () => {
    const event = await staffEvent({ capacity: 2 });
    const [a, b, c, d] = [await w.student(), await w.student(), await w.student(), await w.student()];
    const register = (s: Person) => ok<string>(s, 'POST', `/api/student/events/${event.id}/registration`);
    expect(await register(a)).toBe(messages.registered);
    expect(await register(b)).toBe(messages.registered);
    expect(await register(c)).toBe(messages.waiting(1));
    expect(await register(d)).toBe(messages.waiting(2));
    expect(await refused(a, 'POST', `/api/student/events/${event.id}/registration`)).toEqual([
      409,
      messages.alreadyRegistered,
    ]);
    const mine = (await studentList(d)).find((e) => e.id === event.id);
    expect(mine).toMatchObject({ full: true, mine: { status: 'waiting', position: 2 } });
    expect(await refused(c, 'GET', `/api/student/events/${event.id}/code`)).toEqual([
      409,
      messages.notConfirmed,
    ]);

    expect(await ok<string>(a, 'DELETE', `/api/student/events/${event.id}/registration`)).toBe(
      messages.cancelled,
    );
    expect((await studentList(c)).find((e) => e.id === event.id)?.mine).toMatchObject({
      status: 'registered',
    });
    expect((await studentList(d)).find((e) => e.id === event.id)?.mine).toMatchObject({ position: 1 });
    const told = await t.db.select().from(notifications).where(eq(notifications.accountId, c.id));
    expect(told.map((n) => n.title)).toContain(messages.promotedTitle);
    // And by email, at their sign-in address: the place is theirs only if they come.
    const mailed = await t.db.select().from(outboxEmails).where(eq(outboxEmails.accountId, c.id));
    expect(mailed).toHaveLength(1);
    expect(mailed[0]).toMatchObject({
      kind: 'event-place',
      recipient: c.email,
      subject: `You have a place at ${event.title}`,
    });
    expect(mailed[0]!.body).toContain('/student/events');
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.accountId, d.id))).toEqual([]);

    const detail = await ok<EventDetail>(staff, 'GET', `/api/college-staff/events/${event.id}`);
    expect(detail.registrations.map((r) => [r.student, r.status])).toEqual([
      [b.name, 'registered'],
      [c.name, 'registered'],
      [d.name, 'waiting'],
    ]);
    expect(await refused(a, 'DELETE', `/api/student/events/${event.id}/registration`)).toEqual([
      404,
      messages.notRegistered,
    ]);
  });

  it('ten students at once for three places: exactly three registered, the rest wait', async () => {
    const event = await staffEvent({ capacity: 3 });
    const people = await Promise.all(Array.from({ length: 10 }, () => w.student()));
    const answers = await Promise.all(
      people.map((s) => req(s, 'POST', `/api/student/events/${event.id}/registration`)),
    );
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(rows.filter((r) => r.status === 'registered')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'waiting')).toHaveLength(7);
  });
  it('the waiting list holds at most 1,000: then the event is full', async () => {
    const event = await staffEvent({ capacity: 1 });
    await insertStudents(t.db, 1001, 'Queue');
    const queued = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.firstName, 'Queue'));
    await t.db.insert(eventRegistrations).values(
      queued.map((q, i) => ({
        eventId: event.id,
        studentId: q.id,
        status: i === 0 ? ('registered' as const) : ('waiting' as const),
        registeredAt: now,
      })),
    );
    const late = await w.student();
    expect(await refused(late, 'POST', `/api/student/events/${event.id}/registration`)).toEqual([
      409,
      messages.waitingFull,
    ]);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    expect(count!.n).toBe(1001);
  });
});

describe('changing and cancelling an event', () => {
  /** What a student was told: notices by title, emails by subject, and live events of the bell. */
  const toldTo = async (s: Person) => ({
    notices: (await t.db.select().from(notifications).where(eq(notifications.accountId, s.id))).map(
      (n) => n.title,
    ),
    emails: (await t.db.select().from(outboxEmails).where(eq(outboxEmails.accountId, s.id))).map((e) => [
      e.subject,
      e.recipient,
    ]),
    bell: (await t.db.select().from(liveEvents).where(eq(liveEvents.accountId, s.id))).filter(
      (e) => e.kind === 'notification',
    ).length,
  });

  it('staff move an event: its registered and waiting students are told, others not; the same values tell no one', async () => {
    const event = await staffEvent({ capacity: 1, title: 'Moving talk' });
    const [placed, waiting, other] = [await w.student(), await w.student(), await w.student()];
    await ok(placed, 'POST', `/api/student/events/${event.id}/registration`);
    await ok(waiting, 'POST', `/api/student/events/${event.id}/registration`);
    const moved = { startsAt: hours(48), endsAt: hours(49), place: 'Main Auditorium', onlineLink: '' };
    const after = await ok<PlacementEvent>(staff, 'PUT', `/api/college-staff/events/${event.id}`, moved);
    expect(after).toMatchObject({
      ...moved,
      title: 'Moving talk',
      registered: 1,
      waiting: 1,
      cancelledAt: null,
    });
    for (const s of [placed, waiting]) {
      expect(await toldTo(s)).toEqual({
        notices: [messages.changedTitle],
        emails: [['Moving talk has changed', s.email]],
        bell: 1,
      });
    }
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.accountId, placed.id));
    expect(notice!.body).toContain('Main Auditorium');
    expect(await toldTo(other)).toEqual({ notices: [], emails: [], bell: 0 });
    // Saved again unchanged: no one is told twice.
    await ok(staff, 'PUT', `/api/college-staff/events/${event.id}`, moved);
    expect((await toldTo(placed)).notices).toHaveLength(1);
  });

  it('refuses a move to the past, an end before the start, no place, and another owner (404)', async () => {
    const event = await staffEvent();
    const url = `/api/college-staff/events/${event.id}`;
    const body = { startsAt: hours(30), endsAt: hours(31), place: 'Hall 2', onlineLink: '' };
    expect(await refused(staff, 'PUT', url, { ...body, startsAt: hours(-2) })).toEqual([
      400,
      messages.startsInPast,
    ]);
    expect(await refused(staff, 'PUT', url, { ...body, endsAt: hours(29) })).toEqual([
      400,
      messages.endsBeforeStart,
    ]);
    expect(await refused(staff, 'PUT', url, { ...body, place: '' })).toEqual([400, messages.placeOrLink]);
    expect(await refused(globex, 'PUT', `/api/company/events/${event.id}`, body)).toEqual([
      404,
      messages.notFound,
    ]);
    expect(await refused(globex, 'POST', `/api/company/events/${event.id}/cancellation`)).toEqual([
      404,
      messages.notFound,
    ]);
  });

  it('a company cancels its event: its students are told, registration closes, and it stays cancelled', async () => {
    const job = await w.job(globex);
    const event = await ok<PlacementEvent>(
      globex,
      'POST',
      '/api/company/events',
      talk({ jobId: job._id, title: 'Cancelled talk' }),
    );
    const [placed, late] = [await w.student(), await w.student()];
    await ok(placed, 'POST', `/api/student/events/${event.id}/registration`);
    expect(await ok<string>(globex, 'POST', `/api/company/events/${event.id}/cancellation`)).toBe(
      messages.eventCancelled,
    );
    expect(await toldTo(placed)).toEqual({
      notices: [messages.cancelledTitle],
      emails: [['Cancelled talk is cancelled', placed.email]],
      bell: 1,
    });
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.accountId, placed.id));
    expect(notice!.sender).toBe('Globex');
    expect(await refused(late, 'POST', `/api/student/events/${event.id}/registration`)).toEqual([
      409,
      messages.isCancelled,
    ]);
    expect(await refused(placed, 'GET', `/api/student/events/${event.id}/code`)).toEqual([
      409,
      messages.isCancelled,
    ]);
    // The registered student sees it cancelled; a student without a place no longer sees it.
    expect((await studentList(placed)).find((e) => e.id === event.id)?.cancelledAt).toEqual(
      expect.any(String),
    );
    expect((await studentList(late)).map((e) => e.id)).not.toContain(event.id);
    expect(await refused(globex, 'POST', `/api/company/events/${event.id}/cancellation`)).toEqual([
      409,
      messages.isCancelled,
    ]);
    expect(
      await refused(globex, 'PUT', `/api/company/events/${event.id}`, {
        startsAt: hours(30),
        endsAt: hours(31),
        place: 'Hall 2',
        onlineLink: '',
      }),
    ).toEqual([409, messages.isCancelled]);
    const listed = await ok<PlacementEvent[]>(globex, 'GET', '/api/company/events');
    expect(listed.find((e) => e.id === event.id)?.cancelledAt).toEqual(expect.any(String));
  });
});

describe('who may register', () => {
  it("a job's eligible students see and join its event; a student outside the criteria gets 404", async () => {
    const job = await w.job(globex, { minCgpa: 8 });
    const event = await ok<PlacementEvent>(
      globex,
      'POST',
      '/api/company/events',
      talk({ audience: 'eligible', jobId: job._id }),
    );
    const strong = await w.student({ academics: true, cgpa: 9 });
    const weak = await w.student({ academics: true, cgpa: 6 });
    expect((await studentList(strong)).map((e) => e.id)).toContain(event.id);
    expect((await studentList(weak)).map((e) => e.id)).not.toContain(event.id);
    expect(await refused(weak, 'POST', `/api/student/events/${event.id}/registration`)).toEqual([
      404,
      messages.notFound,
    ]);
    expect(await ok<string>(strong, 'POST', `/api/student/events/${event.id}/registration`)).toBe(
      messages.registered,
    );
  });

  it("a stage's applicants see its event; another applicant and a student who did not apply get 404", async () => {
    const job = await w.job(globex, { role: 'Analyst' });
    const event = await ok<PlacementEvent>(
      globex,
      'POST',
      '/api/company/events',
      talk({ kind: 'Group discussion', audience: 'stage', jobId: job._id, stage: 'Shortlisted' }),
    );
    const shortlisted = await w.applicant(job);
    await w.move(globex, shortlisted.applicationId, { stage: 'Shortlisted' });
    const applied = await w.applicant(job);
    const outsider = await w.student();
    expect((await studentList(shortlisted)).map((e) => e.id)).toContain(event.id);
    for (const s of [applied, outsider]) {
      expect((await studentList(s)).map((e) => e.id)).not.toContain(event.id);
      expect(await refused(s, 'POST', `/api/student/events/${event.id}/registration`)).toEqual([
        404,
        messages.notFound,
      ]);
      expect(await refused(s, 'GET', `/api/student/events/${event.id}/code`)).toEqual([
        404,
        messages.notFound,
      ]);
    }
    expect(await ok<string>(shortlisted, 'POST', `/api/student/events/${event.id}/registration`)).toBe(
      messages.registered,
    );
  });
});

describe('QR attendance', () => {
  let event: PlacementEvent;
  let asha: Person;
  beforeAll(async () => {
    const job = await w.job(globex, { role: 'Designer' });
    event = await ok<PlacementEvent>(
      globex,
      'POST',
      '/api/company/events',
      talk({ jobId: job._id, capacity: 50 }),
    );
    asha = await w.student({ firstName: 'Asha', lastName: 'Iyer', academics: true });
    await ok(asha, 'POST', `/api/student/events/${event.id}/registration`);
  });

  it('records a valid code once; a second scan says it is already recorded', async () => {
    const code = await codeOf(asha, event.id);
    const first = await scan(staff, event.id, code);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toEqual<ScanResult>({
      outcome: 'recorded',
      student: 'Asha Iyer',
      text: messages.recorded('Asha Iyer'),
    });
    const again = await scan(globex, event.id, await codeOf(asha, event.id), 'company');
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatchObject({ outcome: 'alreadyRecorded', student: 'Asha Iyer' });
    expect(again.json().message.text).toMatch(/^Already recorded: Asha Iyer at /);
    const [row] = await t.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.studentId, asha.id)));
    expect(row!.attendedAt?.getTime()).toBe(now.getTime());
    expect(row!.attendanceById).toBe(staff.id);
    expect((await studentList(asha)).find((e) => e.id === event.id)?.mine?.attendedAt).toBe(
      now.toISOString(),
    );
    expect(await refused(asha, 'DELETE', `/api/student/events/${event.id}/registration`)).toEqual([
      409,
      messages.attendedCannotCancel,
    ]);
  });

  it('refuses a code older than 30 seconds, and takes one 30 seconds old', async () => {
    const ravi = await w.student({ firstName: 'Ravi' });
    await ok(ravi, 'POST', `/api/student/events/${event.id}/registration`);
    const old = await codeOf(ravi, event.id);
    now = new Date(now.getTime() + 31_000);
    expect(
      await refused(staff, 'POST', `/api/college-staff/events/${event.id}/attendance`, { code: old }),
    ).toEqual([400, messages.codeExpired]);
    const fresh = await codeOf(ravi, event.id);
    now = new Date(now.getTime() + 30_000);
    expect((await scan(staff, event.id, fresh)).json().message.outcome).toBe('recorded');
  });

  it('refuses a forged code, a code of another event, and a student without a place', async () => {
    const code = await codeOf(asha, event.id);
    const [eventId, studentId, issued, signature] = code.split('.') as [string, string, string, string];
    const ravi = await w.student();
    const cases: [string, number, string][] = [
      // Another student's id under Asha's signature.
      [`${eventId}.${ravi.id}.${issued}.${signature}`, 400, messages.codeForged],
      // A later time under the same signature (a screenshot "refreshed").
      [`${eventId}.${studentId}.${Number(issued) + 1000}.${signature}`, 400, messages.codeForged],
      [`${eventId}.${studentId}.${issued}.${'A'.repeat(43)}`, 400, messages.codeForged],
      ['not a code', 400, messages.codeForged],
    ];
    for (const [forged, status, message] of cases) {
      expect(
        await refused(staff, 'POST', `/api/college-staff/events/${event.id}/attendance`, { code: forged }),
      ).toEqual([status, message]);
    }
    const other = await staffEvent({ capacity: 5 });
    await ok(asha, 'POST', `/api/student/events/${other.id}/registration`);
    expect(
      await refused(staff, 'POST', `/api/college-staff/events/${event.id}/attendance`, {
        code: await codeOf(asha, other.id),
      }),
    ).toEqual([400, messages.codeOtherEvent]);
    // A company scans only at its own events.
    const initech = await w.company({ company: 'Initech Scans' });
    expect((await scan(initech, event.id, code, 'company')).statusCode).toBe(404);
  });

  it('exports the registrations and attendance as CSV to staff and the owning company', async () => {
    for (const [who, side] of [
      [staff, 'college-staff'],
      [globex, 'company'],
    ] as const) {
      const r = await req(who, 'GET', `/api/${side}/events/${event.id}/attendance.csv`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/csv/);
      expect(r.headers['content-disposition']).toBe(
        'attachment; filename="attendance-globex-who-we-are.csv"',
      );
      const lines = r.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('Name,Roll number,Status,Registered at,Attended,Attended at');
      const asha = lines.find((l) => l.startsWith('Asha Iyer,'));
      expect(asha).toMatch(/^Asha Iyer,[^,]*,Registered,"[^"]+",Yes,"[^"]+"$/);
      expect(lines.filter((l) => l.includes(',No,'))).toHaveLength(0);
    }
    const initech = await w.company({ company: 'Initech CSV' });
    expect((await req(initech, 'GET', `/api/company/events/${event.id}/attendance.csv`)).statusCode).toBe(
      404,
    );
  });
});

describe('a job that requires attending its talk', () => {
  it('the vacancy list and Apply give the reason until the student attended; then they apply', async () => {
    const job = await w.job(globex, { role: 'Talk-first engineer' });
    const event = await ok<PlacementEvent>(
      globex,
      'POST',
      '/api/company/events',
      talk({ jobId: job._id, requiredToApply: true, capacity: 10 }),
    );
    expect(event.requiredToApply).toBe(true);
    const student = await w.student({ academics: true });
    await w.resume(student);
    const reason = async () =>
      (await ok<VacancyPage>(student, 'GET', '/api/student/jobs?search=Talk-first')).items.find(
        (j) => j._id === job._id,
      )?.notEligibleReason;
    expect(await reason()).toBe(applying.talkRequired);
    const page = await ok<{ job: { notEligibleReason: string | null } }>(
      student,
      'GET',
      `/api/student/jobs/${job._id}`,
    );
    expect(page.job.notEligibleReason).toBe(applying.talkRequired);
    expect(await refused(student, 'POST', '/api/student/jobApplyByStudent', { jobID: job._id })).toEqual([
      400,
      applying.talkRequired,
    ]);
    await ok(student, 'POST', `/api/student/events/${event.id}/registration`);
    await scan(globex, event.id, await codeOf(student, event.id), 'company');
    expect(await reason()).toBeNull();
    expect(
      (await req(student, 'POST', '/api/student/jobApplyByStudent', { jobID: job._id })).statusCode,
    ).toBe(201);
  });

  it('a cancelled required talk blocks no one: the vacancy list gives no reason and Apply takes the student', async () => {
    const job = await w.job(globex, { role: 'Called-off engineer' });
    const event = await ok<PlacementEvent>(
      globex,
      'POST',
      '/api/company/events',
      talk({ jobId: job._id, requiredToApply: true, capacity: 10, title: 'Called-off talk' }),
    );
    const student = await w.student({ academics: true });
    await w.resume(student);
    const reason = async () =>
      (await ok<VacancyPage>(student, 'GET', '/api/student/jobs?search=Called-off')).items.find(
        (j) => j._id === job._id,
      )?.notEligibleReason;
    expect(await reason()).toBe(applying.talkRequired);
    await ok(globex, 'POST', `/api/company/events/${event.id}/cancellation`);
    expect(await reason()).toBeNull();
    const page = await ok<{ job: { notEligibleReason: string | null } }>(
      student,
      'GET',
      `/api/student/jobs/${job._id}`,
    );
    expect(page.job.notEligibleReason).toBeNull();
    expect(
      (await req(student, 'POST', '/api/student/jobApplyByStudent', { jobID: job._id })).statusCode,
    ).toBe(201);
    const listed = await ok<PlacementEvent[]>(globex, 'GET', '/api/company/events');
    expect(listed.find((e) => e.id === event.id)).toMatchObject({
      requiredToApply: false,
      cancelledAt: expect.any(String),
    });
  });
});

describe('calendar', () => {
  /** The one VEVENT's SEQUENCE, DTSTART and STATUS of a calendar file, and its METHOD. */
  const entryOf = (ics: string) => ({
    method: /^METHOD:(.*)$/m.exec(ics)?.[1]?.trim(),
    sequence: Number(/^SEQUENCE:(\d+)/m.exec(ics)?.[1]),
    start: /^DTSTART:(.*)$/m.exec(ics)?.[1]?.trim(),
    status: /^STATUS:(.*)$/m.exec(ics)?.[1]?.trim(),
  });
  /** 20261210T043000Z, as the calendar writes an instant. */
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  /** The part of a feed that is this event's entry. */
  const feedEntry = (feed: string, eventId: string) => {
    const start = feed.indexOf(`UID:event-${eventId}@`);
    return start < 0 ? null : feed.slice(start, feed.indexOf('END:VEVENT', start));
  };

  it('a registered event downloads as a calendar file and shows in the student’s feed', async () => {
    const event = await staffEvent({ title: 'Aptitude test', kind: 'Test', capacity: 5 });
    const s = await w.student();
    expect((await req(s, 'GET', `/api/student/events/${event.id}/invite.ics`)).statusCode).toBe(404);
    await ok(s, 'POST', `/api/student/events/${event.id}/registration`);
    const file = await req(s, 'GET', `/api/student/events/${event.id}/invite.ics`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.body).toContain('SUMMARY:Test: Aptitude test');
    expect(file.body).toContain(`UID:event-${event.id}@`);
    expect(entryOf(file.body)).toEqual({
      method: 'PUBLISH',
      sequence: 0,
      start: stamp(event.startsAt),
      status: 'CONFIRMED',
    });
    const { url } = await ok<{ url: string }>(s, 'POST', '/api/student/calendarFeed');
    const feed = await t.app.inject({ url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feedEntry(feed.body, event.id)).toContain('SEQUENCE:0');
  });

  it('a move raises the sequence and carries the new time; a cancellation raises it again and calls the entry off', async () => {
    const event = await staffEvent({ title: 'Moving test', kind: 'Test', capacity: 5 });
    const s = await w.student();
    await ok(s, 'POST', `/api/student/events/${event.id}/registration`);
    const { url } = await ok<{ url: string }>(s, 'POST', '/api/student/calendarFeed');
    const invite = async () => (await req(s, 'GET', `/api/student/events/${event.id}/invite.ics`)).body;
    const feed = async () => feedEntry((await t.app.inject({ url: new URL(url).pathname })).body, event.id);
    expect(entryOf(await invite()).sequence).toBe(0);

    const moved = { startsAt: hours(50), endsAt: hours(51), place: 'Lab 4', onlineLink: '' };
    await ok(staff, 'PUT', `/api/college-staff/events/${event.id}`, moved);
    const afterMove = await invite();
    expect(entryOf(afterMove)).toEqual({
      method: 'PUBLISH',
      sequence: 1,
      start: stamp(moved.startsAt),
      status: 'CONFIRMED',
    });
    expect(afterMove).toContain('LOCATION:Lab 4');
    expect(await feed()).toContain('SEQUENCE:1');
    expect(await feed()).toContain(`DTSTART:${stamp(moved.startsAt)}`);

    // Saved again unchanged: the sequence stays.
    await ok(staff, 'PUT', `/api/college-staff/events/${event.id}`, moved);
    expect(entryOf(await invite()).sequence).toBe(1);

    await ok(staff, 'POST', `/api/college-staff/events/${event.id}/cancellation`);
    const file = await req(s, 'GET', `/api/student/events/${event.id}/invite.ics`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`UID:event-${event.id}@`);
    expect(entryOf(file.body)).toEqual({
      method: 'CANCEL',
      sequence: 2,
      start: stamp(moved.startsAt),
      status: 'CANCELLED',
    });
    const cancelled = await feed();
    expect(cancelled).toContain('SEQUENCE:2');
    expect(cancelled).toContain('STATUS:CANCELLED');
  });
});

describe('a coordinator at the door', () => {
  it('lists and records attendance at the events of a company they coordinate today; refuses another company, another day and a staff event', async () => {
    const today = t.clock.today();
    const day = await ok<DriveDay>(staff, 'POST', '/api/college-staff/driveDays', {
      date: today,
      gapMinutes: 10,
      rankingCutoff: hours(-48),
      rooms: ['Room A'],
    });
    const acme = await w.company({ company: 'Acme Door' });
    const initech = await w.company({ company: 'Initech Door' });
    const job = await w.job(acme, { role: 'Door analyst' });
    await ok(acme, 'POST', `/api/company/driveDays/${day.id}/panels`, {
      jobId: job._id,
      stage: 'Technical Interview',
      roomId: day.rooms[0]!.id,
      onlineLink: '',
      interviewers: ['Asha Iyer'],
      slotMinutes: 30,
      bufferMinutes: 10,
      start: '09:00',
      end: '12:00',
    });
    const volunteer = await w.student({ firstName: 'Vani' });
    await ok(staff, 'POST', `/api/college-staff/driveDays/${day.id}/coordinators`, {
      email: volunteer.email,
      companyIds: [acme.id],
      roomIds: [],
    });
    /** An event of the company starting now (today) or later, with a registered student; its id and the student's code. */
    const eventOf = async (owner: Company | null, startsAt: string) => {
      const body = talk({ startsAt, endsAt: hours(30), capacity: 5 });
      const event = owner
        ? await ok<PlacementEvent>(owner, 'POST', '/api/company/events', {
            ...body,
            jobId: (await w.job(owner))._id,
          })
        : await ok<PlacementEvent>(staff, 'POST', '/api/college-staff/events', body);
      const student = await w.student();
      await ok(student, 'POST', `/api/student/events/${event.id}/registration`);
      return { id: event.id, student, code: await codeOf(student, event.id) };
    };
    const door = (id: string, code: string, who: Person = volunteer) =>
      req(who, 'POST', `/api/coordinator/events/${id}/attendance`, { code });

    const talkToday = await eventOf(acme, now.toISOString());
    const tomorrow = await eventOf(acme, hours(24));
    const otherCompany = await eventOf(initech, now.toISOString());
    const staffTalk = await eventOf(null, now.toISOString());
    // Their list for the door: today's events of their companies only.
    expect(
      (await ok<PlacementEvent[]>(volunteer, 'GET', '/api/coordinator/events')).map((e) => e.id),
    ).toEqual([talkToday.id]);
    const first = await door(talkToday.id, talkToday.code);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toMatchObject({
      outcome: 'recorded',
      text: messages.recorded(talkToday.student.name),
    });
    expect((await door(talkToday.id, talkToday.code)).json().message.outcome).toBe('alreadyRecorded');
    // The company's page shows it recorded, by the coordinator.
    const detail = await ok<EventDetail>(acme, 'GET', `/api/company/events/${talkToday.id}`);
    expect(detail.registrations[0]!.attendedAt).toBe(now.toISOString());
    const [row] = await t.db
      .select({ by: eventRegistrations.attendanceById })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, talkToday.id));
    expect(row!.by).toBe(volunteer.id);

    for (const other of [otherCompany, tomorrow, staffTalk]) {
      expect(
        await refused(volunteer, 'POST', `/api/coordinator/events/${other.id}/attendance`, {
          code: other.code,
        }),
      ).toEqual([403, messages.notCoordinatorsEvent]);
    }
    // A student who coordinates nothing may not scan at all.
    expect((await door(talkToday.id, talkToday.code, await w.student())).statusCode).toBe(403);
  });
});

describe('two colleges', () => {
  it("another college's student and staff neither see nor reach the event (404), and a scan there is refused", async () => {
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    const north = (await colleges.create({ slug: 'north-events', name: 'North College' })).id;
    const [northStaff, northStudent] = await withinColleges([north], async () => [
      await w.staff(),
      await w.student(),
    ]);
    const event = await staffEvent({ title: 'Only for the first college', capacity: 5 });
    expect((await studentList(northStudent)).map((e) => e.id)).not.toContain(event.id);
    expect(await refused(northStudent, 'POST', `/api/student/events/${event.id}/registration`)).toEqual([
      404,
      messages.notFound,
    ]);
    expect(
      (await ok<PlacementEvent[]>(northStaff, 'GET', '/api/college-staff/events')).map((e) => e.id),
    ).not.toContain(event.id);
    expect(await refused(northStaff, 'GET', `/api/college-staff/events/${event.id}`)).toEqual([
      404,
      messages.notFound,
    ]);
    const student = await w.student();
    await ok(student, 'POST', `/api/student/events/${event.id}/registration`);
    expect((await scan(northStaff, event.id, await codeOf(student, event.id))).statusCode).toBe(404);
    // The north college's own event is its students' only.
    const own = await ok<PlacementEvent>(
      northStaff,
      'POST',
      '/api/college-staff/events',
      talk({ capacity: 5 }),
    );
    expect((await studentList(northStudent)).map((e) => e.id)).toEqual([own.id]);
    expect((await studentList(student)).map((e) => e.id)).not.toContain(own.id);
  });
});
