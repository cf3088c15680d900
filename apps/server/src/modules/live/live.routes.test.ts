import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays } from '@portal/contracts/dates';
import type { DriveDay } from '@portal/contracts/drive-days';
import type { PlacementEvent } from '@portal/contracts/events';
import { live } from '@portal/contracts/messages';
import { withinColleges } from '../../db/college-scope.ts';
import { accounts, liveEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, type World, world } from '../../test/world.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';
import { createLiveRepo } from './live.repo.ts';
import { publishLive, publishLiveEach } from './publish.ts';

type Received = { id: number | undefined; event: string; data: string };

/** A browser's EventSource, by hand: the frames as they arrive, parsed. */
async function openStream(base: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live`, {
    headers: { cookie, ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const received: Received[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of response.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.event)
            received.push({
              id: fields.id === undefined ? undefined : Number(fields.id),
              event: fields.event,
              data: fields.data ?? '',
            });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  const until = async (check: () => boolean, what: string, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}: ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await until(() => received.some((r) => r.event === 'ready'), 'ready');
  return {
    response,
    received,
    events: () => received.filter((r) => r.event !== 'ready'),
    ended: () => ended,
    until,
    lastId: () => Math.max(...received.map((r) => r.id ?? 0)),
    async close() {
      controller.abort();
      await reading;
    },
  };
}

let t: TestApp;
let w: World;
let base: string;
beforeAll(async () => {
  t = await createTestApp({}, { live: { heartbeatMs: 50 } });
  w = world(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('GET /api/live', () => {
  it('refuses a request without a session, and a Last-Event-ID that is not a number', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/live' })).statusCode).toBe(401);
    const student = await w.student();
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/live',
      headers: { cookie: student.cookie, 'last-event-id': 'x1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: live.badLastEventId });
  });

  it('sends an event stream, unchunked, with heartbeats and no caching', async () => {
    const student = await w.student();
    const response = await fetch(`${base}/api/live`, { headers: { cookie: student.cookie } });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Not chunked: the stream ends with its connection (each event is one write to the socket).
    expect(response.headers.get('transfer-encoding')).toBeNull();
    expect(response.headers.get('connection')).toBe('close');
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes(':\n\n') || !text.includes('event: ready'))
      text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('event: ready');
    await reader.cancel();
  });

  it('tells the student and the company, each on their own stream, of a stage change and its notice', async () => {
    const acme = await w.company();
    const job = await w.job(acme);
    const s = await w.applicant(job);
    const studentStream = await openStream(base, s.cookie);
    const companyStream = await openStream(base, acme.cookie);
    await w.move(acme, s.applicationId, { stage: 'Shortlisted' });
    await studentStream.until(
      () => studentStream.events().some((e) => e.event === 'notification'),
      'the notification',
    );
    await studentStream.until(() => studentStream.events().some((e) => e.event === 'stage'), 'the stage');
    await companyStream.until(() => companyStream.events().some((e) => e.event === 'stage'), 'the stage');
    expect(studentStream.events().find((e) => e.event === 'stage')!.data).toBe(
      JSON.stringify({ jobId: job._id, applicationId: s.applicationId }),
    );
    // A notice carries no text: the bell reads it through the API that applies who may see what.
    expect(studentStream.events().find((e) => e.event === 'notification')!.data).toBe('{}');
    // The company got no notification of its own move.
    expect(companyStream.events().map((e) => e.event)).toEqual(['stage']);
    await studentStream.close();
    await companyStream.close();
  });

  it("tells an event's college staff, its company and that company's coordinators on its day of each registration, leaving, promotion and attendance; no one else", async () => {
    const globex = await w.company({ company: 'Globex' });
    const job = await w.job(globex);
    const staff = await w.staff();
    const [placed, waiting] = [await w.student(), await w.student()];
    const initech = await w.company({ company: 'Initech' });
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    const north = (await colleges.create({ slug: 'north-live', name: 'North College' })).id;
    const northStaff = await withinColleges([north], () => w.staff());
    const call = async (
      who: Person,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => {
      const r = await t.app.inject({
        method,
        url,
        headers: { cookie: who.cookie },
        ...(payload && { payload }),
      });
      if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
      return r.json().message as unknown;
    };
    const startsAt = new Date(Date.now() + 3_600_000);
    // The drive day of the talk's date (in TIME_ZONE) and another: on each, a panel of Globex and
    // of Initech, and coordinators: of Globex on the talk's day (a student and a staff member), of
    // Initech on it, of Globex on the other day.
    const dayOf = async (date: string) => {
      const day = (await call(staff, 'POST', '/api/college-staff/driveDays', {
        date,
        gapMinutes: 10,
        rankingCutoff: new Date(Date.now() - 86_400_000).toISOString(),
        rooms: ['Room A', 'Room B'],
      })) as DriveDay;
      for (const [i, company] of [globex, initech].entries())
        await call(company, 'POST', `/api/company/driveDays/${day.id}/panels`, {
          jobId: company === globex ? job._id : (await w.job(initech))._id,
          stage: 'Technical Interview',
          roomId: day.rooms[i]!.id,
          onlineLink: '',
          interviewers: ['Asha Iyer'],
          slotMinutes: 30,
          bufferMinutes: 10,
          start: '09:00',
          end: '12:00',
        });
      return day;
    };
    const coordinator = async (day: DriveDay, company: Person, who?: Person) => {
      const person = who ?? (await w.student());
      await call(staff, 'POST', `/api/college-staff/driveDays/${day.id}/coordinators`, {
        email: person.email,
        companyIds: [company.id],
        roomIds: [],
      });
      return person;
    };
    const talkDay = await dayOf(t.clock.dateOf(startsAt));
    const otherDay = await dayOf(addDays(t.clock.dateOf(startsAt), 2));
    const globexDoor = await coordinator(talkDay, globex);
    const globexStaffDoor = await coordinator(talkDay, globex, await w.staff());
    const initechDoor = await coordinator(talkDay, initech);
    const globexOtherDay = await coordinator(otherDay, globex);
    const talk = (await call(globex, 'POST', '/api/company/events', {
      kind: 'Pre-placement talk',
      title: 'Live talk',
      description: '',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      place: 'Seminar Hall',
      onlineLink: '',
      capacity: 1,
      audience: 'college',
      jobId: job._id,
      stage: null,
      requiredToApply: false,
    })) as PlacementEvent;
    const data = JSON.stringify({ eventId: talk.id });
    const staffStream = await openStream(base, staff.cookie);
    const companyStream = await openStream(base, globex.cookie);
    const studentStream = await openStream(base, placed.cookie);
    const otherCompany = await openStream(base, initech.cookie);
    const otherCollege = await openStream(base, northStaff.cookie);
    const doorStream = await openStream(base, globexDoor.cookie);
    const staffDoorStream = await openStream(base, globexStaffDoor.cookie);
    const otherDoor = await openStream(base, initechDoor.cookie);
    const otherDayDoor = await openStream(base, globexOtherDay.cookie);
    const told = [staffStream, companyStream, doorStream, staffDoorStream];
    const untold = [studentStream, otherCompany, otherCollege, otherDoor, otherDayDoor];
    const eventsOn = (stream: typeof staffStream) => stream.events().filter((e) => e.event === 'event');
    const bothSee = async (n: number, what: string) => {
      for (const stream of told) await stream.until(() => eventsOn(stream).length === n, what);
    };

    await call(placed, 'POST', `/api/student/events/${talk.id}/registration`);
    await bothSee(1, 'the registration');
    await call(waiting, 'POST', `/api/student/events/${talk.id}/registration`);
    await bothSee(2, 'the waiting registration');
    // The placed student leaves: the waiting one moves up, in the same change.
    await call(placed, 'DELETE', `/api/student/events/${talk.id}/registration`);
    await bothSee(3, 'the leaving and the promotion');
    const { code } = (await call(waiting, 'GET', `/api/student/events/${talk.id}/code`)) as { code: string };
    await call(globex, 'POST', `/api/company/events/${talk.id}/attendance`, { code });
    await bothSee(4, 'the attendance');
    // A second scan records nothing: no event.
    await call(staff, 'POST', `/api/college-staff/events/${talk.id}/attendance`, { code });
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const stream of told) {
      expect(eventsOn(stream)).toHaveLength(4);
      expect(eventsOn(stream).every((e) => e.data === data)).toBe(true);
    }
    for (const stream of untold) expect(eventsOn(stream)).toEqual([]);
    const others = await t.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(
        and(
          eq(liveEvents.kind, 'event'),
          inArray(liveEvents.accountId, [
            placed.id,
            waiting.id,
            initech.id,
            northStaff.id,
            initechDoor.id,
            globexOtherDay.id,
          ]),
        ),
      );
    expect(others).toEqual([]);

    // Moved two days on, to the other drive day: the door it leaves and the door it reaches hear of it.
    const moved = new Date(startsAt.getTime() + 2 * 86_400_000);
    await call(globex, 'PUT', `/api/company/events/${talk.id}`, {
      startsAt: moved.toISOString(),
      endsAt: new Date(moved.getTime() + 3_600_000).toISOString(),
      place: 'Seminar Hall',
      onlineLink: '',
    });
    await bothSee(5, 'the move');
    await otherDayDoor.until(() => eventsOn(otherDayDoor).length === 1, 'the move, on the day it reaches');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(eventsOn(otherDayDoor)).toEqual([expect.objectContaining({ data })]);
    for (const stream of [studentStream, otherCompany, otherCollege, otherDoor])
      expect(eventsOn(stream)).toEqual([]);
    for (const stream of [...told, ...untold]) await stream.close();
  });

  it('sends a client that reconnects with Last-Event-ID every event it missed, once, then new ones', async () => {
    const acme = await w.company();
    const jobs = [await w.job(acme), await w.job(acme), await w.job(acme)];
    const s = await w.student();
    const applications = [];
    for (const job of jobs) applications.push(await w.apply(s, job));
    const first = await openStream(base, s.cookie);
    await w.move(acme, applications[0]!, { stage: 'Shortlisted' });
    await first.until(() => first.events().length === 2, 'two events');
    const seen = first.lastId();
    await first.close();

    // Missed while away: two moves (a notification and a stage event each).
    await w.move(acme, applications[1]!, { stage: 'Shortlisted' });
    await w.move(acme, applications[2]!, { stage: 'Shortlisted' });
    const missed = await t.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.accountId, s.id));
    const missedIds = missed.map((m) => m.id).filter((id) => id > seen);
    expect(missedIds).toHaveLength(4);

    const again = await openStream(base, s.cookie, String(seen));
    expect(again.events().map((e) => e.id)).toEqual(missedIds.sort((a, b) => a - b));
    await w.move(acme, applications[0]!, { stage: 'Rejected' });
    await again.until(() => again.events().length === 6, 'the new events');
    const ids = again.events().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    await again.close();
  });

  it('delivers an event too long for a NOTIFY by reading it from the table', async () => {
    const student = await w.student();
    const stream = await openStream(base, student.cookie);
    const payload = { note: 'x'.repeat(9000) };
    await publishLive(t.db, [{ accountId: student.id, kind: 'board', payload }]);
    await stream.until(() => stream.events().length === 1, 'the long event');
    expect(stream.events()[0]).toMatchObject({ event: 'board', data: JSON.stringify(payload) });
    await stream.close();
  });

  it('sends each stream its event once when one statement writes events for many accounts', async () => {
    const students = [await w.student(), await w.student(), await w.student(), await w.student()];
    const bystander = await w.student();
    const streams = await Promise.all(students.map((s) => openStream(base, s.cookie)));
    const secondTab = await openStream(base, students[0]!.cookie);
    const bystanderStream = await openStream(base, bystander.cookie);
    const ids = sql.join(
      students.map((s) => sql`${s.id}::uuid`),
      sql`, `,
    );
    await publishLiveEach(t.db, sql`select id from ${accounts} where id in (${ids})`, 'board', {
      driveDayId: 'day-1',
    });
    for (const stream of [...streams, secondTab])
      await stream.until(() => stream.events().length === 1, 'the board event');
    // Then one for the bystander alone: the first never reached it.
    await publishLive(t.db, [{ accountId: bystander.id, kind: 'notification' }]);
    await bystanderStream.until(() => bystanderStream.events().length === 1, "the bystander's event");
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const stream of [...streams, secondTab])
      expect(stream.events()).toEqual([
        expect.objectContaining({ event: 'board', data: JSON.stringify({ driveDayId: 'day-1' }) }),
      ]);
    expect(bystanderStream.events().map((e) => e.event)).toEqual(['notification']);
    const written = await t.db
      .select({ id: liveEvents.id, accountId: liveEvents.accountId })
      .from(liveEvents);
    students.forEach((s, i) =>
      expect(streams[i]!.events()[0]!.id).toBe(written.find((row) => row.accountId === s.id)!.id),
    );
    for (const stream of [...streams, secondTab, bystanderStream]) await stream.close();
  });

  it('delivers a statement too big for one NOTIFY, every event once and in order', async () => {
    const students = [await w.student(), await w.student(), await w.student()];
    const streams = await Promise.all(students.map((s) => openStream(base, s.cookie)));
    // 600 events in one statement, 200 to each student, each payload different.
    await t.db.execute(sql`
      insert into ${liveEvents} (account_id, kind, payload)
      select who.id, 'board', jsonb_build_object('n', n::text)
      from generate_series(1, 200) n
      cross join (values ${sql.join(
        students.map((s) => sql`(${s.id}::uuid)`),
        sql`, `,
      )}) as who(id)`);
    for (const stream of streams) await stream.until(() => stream.events().length === 200, '200 events');
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const stream of streams) {
      const got = stream.events();
      expect(got).toHaveLength(200);
      expect(got.map((e) => e.id)).toEqual(got.map((e) => e.id).sort((a, b) => a! - b!));
      expect(
        got
          .map((e) => JSON.parse(e.data) as { n: string })
          .map((p) => Number(p.n))
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    }
    for (const stream of streams) await stream.close();
  });

  it("names a big statement's ids exactly, not another statement's between them", async () => {
    const student = await w.student();
    const stream = await openStream(base, student.cookie);
    // Ids with gaps (as when another transaction draws from the sequence meanwhile): one event of
    // another statement sits in a gap, after a hundred of the big statement's ids.
    const [row] = await t.db
      .select({ top: sql<number>`coalesce(max(${liveEvents.id}), 0)::float8` })
      .from(liveEvents);
    const from = Number(row!.top) + 1_000_000;
    await t.db.execute(sql`
      insert into ${liveEvents} (id, account_id, kind, payload)
      values (${from + 201}, ${student.id}::uuid, 'notification', '{}'::jsonb)`);
    await stream.until(() => stream.events().length === 1, 'the event in the gap');
    await t.db.execute(sql`
      insert into ${liveEvents} (id, account_id, kind, payload)
      select ${from}::bigint + 2 * n, ${student.id}::uuid, 'board', '{}'::jsonb from generate_series(0, 199) n`);
    await stream.until(() => stream.events().length >= 201, 'the big statement');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ids = stream.events().map((e) => e.id!);
    expect(ids).toHaveLength(201);
    expect(new Set(ids).size).toBe(201);
    await stream.close();
  });

  it('ends the stream when the session signs out', async () => {
    const student = await w.student();
    const stream = await openStream(base, student.cookie);
    await t.app.inject({ method: 'POST', url: '/api/student/signout', headers: { cookie: student.cookie } });
    await stream.until(() => stream.received.some((r) => r.event === 'end'), 'the end event');
    await stream.until(() => stream.ended(), 'the stream to close');
  });
});

describe('the live-events table', () => {
  it('keeps the newest events of each account and those of the last hours', async () => {
    const student = await w.student();
    const other = await w.student();
    const repo = createLiveRepo(t.db);
    await t.db
      .insert(liveEvents)
      .values(Array.from({ length: 5 }, () => ({ accountId: student.id, kind: 'notification' })));
    await t.db.insert(liveEvents).values({ accountId: other.id, kind: 'notification' });
    await repo.prune(new Date(Date.now() - 3_600_000), 3);
    expect(await repo.after(student.id, 0, 100)).toHaveLength(3);
    expect(await repo.after(other.id, 0, 100)).toHaveLength(1);
    await repo.prune(new Date(Date.now() + 1000), 3);
    expect(await repo.after(student.id, 0, 100)).toHaveLength(0);
  });
});
