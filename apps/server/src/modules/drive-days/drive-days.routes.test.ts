import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AllotmentPreview,
  CompanyDriveDay,
  DriveDay,
  StaffDriveDay,
  StudentDriveDays,
} from '@portal/contracts/drive-days';
import { addDays, dateInZone } from '@portal/contracts/dates';
import { driveDays as messages } from '@portal/contracts/messages';
import { accounts, applications, outboxEmails, studentAuditLog, students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';

/** The app's clock, moved forward by the tests (jobs' deadlines are read from the real date). */
let now = new Date();
let t: TestApp;
let w: World;
let staff: Person;
/** Everyone signed in: moving the clock keeps their sessions from sitting idle (12 hours). */
const everyone: Person[] = [];
const today = dateInZone(now, 'Asia/Kolkata');
/** IST: 09:00 on a date. */
const ist = (date: string, time: string) => new Date(Date.parse(`${date}T${time}:00+05:30`));
async function advance(to: Date) {
  while (now < to) {
    now = new Date(Math.min(to.getTime(), now.getTime() + 6 * 3_600_000));
    for (const p of everyone) await t.app.inject({ url: '/api/', headers: { cookie: p.cookie } });
  }
}
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  w = world(t);
  staff = await w.staff();
  everyone.push(staff, await w.approver());
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const req = (who: Pick<Person, 'cookie'>, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const ok = async <T>(who: Pick<Person, 'cookie'>, method: Method, url: string, payload?: object) => {
  const r = await req(who, method, url, payload);
  if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
  return r.json().message as T;
};

const panel = (jobId: string, roomId: string | null, extra: object = {}) => ({
  jobId,
  stage: 'Technical Interview',
  roomId,
  onlineLink: roomId ? '' : 'https://meet.example/abc',
  interviewers: ['Asha Iyer'],
  slotMinutes: 30,
  bufferMinutes: 10,
  start: '09:00',
  end: '11:30',
  ...extra,
});

describe('a drive day from declaration to publication, changes on the day and no-shows', () => {
  const date = addDays(today, 2);
  const cutoff = ist(addDays(date, -1), '12:00').toISOString();
  let day: DriveDay;
  let companies: Company[];
  let jobIds: string[];
  let people: (Person & { applicationIds: string[] })[];

  beforeAll(async () => {
    day = await ok<DriveDay>(staff, 'POST', '/api/college-staff/driveDays', {
      date,
      gapMinutes: 10,
      rankingCutoff: cutoff,
      rooms: ['Room A', 'Room B', 'Room C'],
    });
    companies = [
      await w.company({ company: 'Initech' }),
      await w.company({ company: 'Globex' }),
      await w.company({ company: 'Umbrella' }),
    ];
    everyone.push(...companies);
    jobIds = [];
    for (const c of companies) jobIds.push((await w.job(c, { role: `Engineer at ${c.company}` }))._id);
    people = [];
    for (let s = 0; s < 4; s++) {
      const student = await w.student({ academics: true, firstName: `Student${s}` });
      await w.resume(student);
      const applicationIds: string[] = [];
      for (let j = 0; j < 3; j++) {
        const applicationId = await w.apply(student, jobIds[j]!);
        await w.move(companies[j]!, applicationId, { stage: 'Technical Interview' });
        applicationIds.push(applicationId);
      }
      people.push({ ...student, applicationIds });
      everyone.push(student);
    }
  });

  it('declares a day once per date, refuses a past date and a cut-off after the day begins', async () => {
    expect(day.rooms.map((r) => r.name)).toEqual(['Room A', 'Room B', 'Room C']);
    const again = await req(staff, 'POST', '/api/college-staff/driveDays', {
      date,
      gapMinutes: 10,
      rankingCutoff: cutoff,
      rooms: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.dateTaken);
    const past = await req(staff, 'POST', '/api/college-staff/driveDays', {
      date: '2000-01-01',
      gapMinutes: 10,
      rankingCutoff: '1999-12-31T12:00:00Z',
      rooms: [],
    });
    expect(past.statusCode).toBe(400);
    const late = await req(staff, 'POST', '/api/college-staff/driveDays', {
      date: addDays(today, 30),
      gapMinutes: 10,
      rankingCutoff: ist(addDays(today, 31), '12:00').toISOString(),
      rooms: [],
    });
    expect(late.json().message).toBe(messages.cutoffAfterDay);
    const bad = await req(staff, 'POST', '/api/college-staff/driveDays', {
      date: 'soon',
      gapMinutes: -1,
      rooms: 'A',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets each company set a panel for its own job only, in a free room', async () => {
    for (let j = 0; j < 3; j++)
      expect(
        (
          await req(
            companies[j]!,
            'POST',
            `/api/company/driveDays/${day.id}/panels`,
            panel(jobIds[j]!, day.rooms[j]!.id),
          )
        ).statusCode,
      ).toBe(201);
    const notMine = await req(
      companies[0]!,
      'POST',
      `/api/company/driveDays/${day.id}/panels`,
      panel(jobIds[1]!, null),
    );
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(messages.notYourJob);
    const taken = await req(
      staff,
      'POST',
      `/api/college-staff/driveDays/${day.id}/panels`,
      panel(jobIds[0]!, day.rooms[0]!.id, { start: '10:00', end: '12:00' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.roomTaken('Room A'));
    const both = await req(staff, 'POST', `/api/college-staff/driveDays/${day.id}/panels`, {
      ...panel(jobIds[0]!, day.rooms[0]!.id),
      onlineLink: 'https://x.example',
    });
    expect(both.json().message).toBe(messages.roomOrLink);
  });

  it('lets a company order its shortlist and a student rank before the cut-off', async () => {
    const [c] = await ok<CompanyDriveDay[]>(companies[0]!, 'GET', '/api/company/driveDays');
    expect(c!.shortlists[0]!.applicants).toHaveLength(4);
    const order = [...people].reverse().map((p) => p.applicationIds[0]!);
    expect(
      await ok(companies[0]!, 'PUT', `/api/company/driveDays/${day.id}/shortlist`, {
        jobId: jobIds[0],
        stage: 'Technical Interview',
        applicationIds: order,
      }),
    ).toBe(messages.shortlistSaved);
    const [again] = await ok<CompanyDriveDay[]>(companies[0]!, 'GET', '/api/company/driveDays');
    expect(again!.shortlists[0]!.applicants.map((a) => a.applicationId)).toEqual(order);

    const s = people[0]!;
    const ranking = [s.applicationIds[2]!, s.applicationIds[0]!, s.applicationIds[1]!];
    expect(await ok(s, 'PUT', `/api/student/driveDays/${day.id}/ranking`, { applicationIds: ranking })).toBe(
      messages.rankingSaved,
    );
    const mine = await ok<StudentDriveDays>(s, 'GET', '/api/student/driveDays');
    expect(mine.days[0]!.rankingOpen).toBe(true);
    expect(mine.days[0]!.ranking.map((r) => r.applicationId)).toEqual(ranking);
    const foreign = await req(s, 'PUT', `/api/student/driveDays/${day.id}/ranking`, {
      applicationIds: [people[1]!.applicationIds[0]],
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('previews the allotment, publishes it, and each student gets three interviews without overlap, with invites', async () => {
    const preview = await ok<AllotmentPreview>(staff, 'POST', `/api/college-staff/driveDays/${day.id}/allot`);
    expect(preview.stats.interviews).toBe(12);
    expect(preview.leftOut).toEqual([]);
    expect(preview.panels).toHaveLength(3);
    expect(preview.students).toHaveLength(4);
    const staffView = await ok<StaffDriveDay>(staff, 'GET', `/api/college-staff/driveDays/${day.id}`);
    expect(staffView.preview?.stats.interviews).toBe(12);

    await advance(new Date(Date.parse(cutoff) + 60_000)); // after the cut-off
    const closed = await req(people[1]!, 'PUT', `/api/student/driveDays/${day.id}/ranking`, {
      applicationIds: [people[1]!.applicationIds[0]],
    });
    expect(closed.statusCode).toBe(409);

    expect(await ok(staff, 'POST', `/api/college-staff/driveDays/${day.id}/publish`)).toBe(
      messages.publishedDay(12),
    );
    expect((await req(staff, 'POST', `/api/college-staff/driveDays/${day.id}/publish`)).statusCode).toBe(409);

    for (const p of people) {
      const mine = await ok<StudentDriveDays>(p, 'GET', '/api/student/driveDays');
      const list = mine.days[0]!.interviews;
      expect(list).toHaveLength(3);
      const spans = list
        .map((i) => [Date.parse(i.start), Date.parse(i.end)] as const)
        .sort((a, b) => a[0] - b[0]);
      for (let k = 1; k < spans.length; k++)
        expect(spans[k]![0] - spans[k - 1]![1]).toBeGreaterThanOrEqual(10 * 60_000);
      for (const [start] of spans) {
        expect(start).toBeGreaterThanOrEqual(ist(date, '09:00').getTime());
        expect(start).toBeLessThan(ist(date, '11:30').getTime());
      }
    }
    // The application's schedule is the interview: the Interview page and calendar feeds show it.
    const s = people[0]!;
    const mine = (await ok<StudentDriveDays>(s, 'GET', '/api/student/driveDays')).days[0]!.interviews;
    const first = mine[0]!;
    const [application] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.id, first.applicationId));
    expect(application!.scheduleAt?.toISOString()).toBe(first.start);

    const ics = await req(s, 'GET', `/api/student/driveDays/interviews/${first.id}/invite.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const event = new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('uid')).toBe(
      `application-${first.applicationId}-technical-interview@localhost:3000`.replace(
        'localhost:3000',
        new URL(t.config.mail.appUrl).host,
      ),
    );
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(first.start);
    const link = (description: unknown) => String(description).split(' ').at(-1);
    expect(link(event.getFirstPropertyValue('description'))).toBe(
      `${t.config.mail.appUrl}/student/interview`,
    );
    // Given a host name of its own (by another process: the server hears of it at once), the
    // college's invites link there; the UID stays.
    let told!: () => void;
    const heard = new Promise<void>((resolve) => (told = resolve));
    const unlisten = await t.listen('colleges_changed', () => told());
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    await colleges.setHost('main', 'placements.gec.edu');
    await heard;
    await unlisten();
    const hosted = new ICAL.Component(
      ICAL.parse((await req(s, 'GET', `/api/student/driveDays/interviews/${first.id}/invite.ics`)).body),
    ).getFirstSubcomponent('vevent')!;
    const atHost = new URL('/student/interview', t.config.mail.appUrl);
    atHost.hostname = 'placements.gec.edu';
    expect(link(hosted.getFirstPropertyValue('description'))).toBe(atHost.toString());
    expect(hosted.getFirstPropertyValue('uid')).toBe(event.getFirstPropertyValue('uid'));
    await colleges.setHost('main', null);
    expect(
      (await req(people[1]!, 'GET', `/api/student/driveDays/interviews/${first.id}/invite.ics`)).statusCode,
    ).toBe(404);

    const emails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.accountId, s.id));
    // One interview email each (their invite.ics leaves the outbox row once sent).
    expect(emails.filter((e) => e.kind === 'interview')).toHaveLength(3);
    const companyView = (await ok<CompanyDriveDay[]>(companies[0]!, 'GET', '/api/company/driveDays'))[0]!;
    expect(companyView.interviews).toHaveLength(4);
    expect(companyView.interviews.every((i) => i.company === 'Initech')).toBe(true);
  });

  it('re-allots after a panel closes, moving only those affected and telling them', async () => {
    await advance(ist(date, '08:00'));
    const before = await ok<StaffDriveDay>(staff, 'GET', `/api/college-staff/driveDays/${day.id}`);
    const closing = before.panels.find((p) => p.company === 'Globex')!;
    // A second Globex panel online, added on the day: the re-allotment may use it.
    expect(
      (
        await req(
          staff,
          'POST',
          `/api/college-staff/driveDays/${day.id}/panels`,
          panel(jobIds[1]!, null, { start: '09:00', end: '12:00' }),
        )
      ).statusCode,
    ).toBe(201);
    const changes = await ok<{ moved: number; dropped: number; added: number; lines: string[] }>(
      staff,
      'POST',
      `/api/college-staff/driveDays/${day.id}/changes`,
      { kind: 'panel-closed', panelId: closing.id, at: '09:30' },
    );
    const after = await ok<StaffDriveDay>(staff, 'GET', `/api/college-staff/driveDays/${day.id}`);
    expect(after.panels.find((p) => p.id === closing.id)!.closedFrom).toBe('09:30');
    // Nobody is left on the closed panel from 09:30 on, and untouched interviews did not move.
    expect(
      after.interviews.filter(
        (i) => i.panelId === closing.id && Date.parse(i.start) >= ist(date, '09:30').getTime(),
      ),
    ).toEqual([]);
    expect(changes.moved + changes.dropped).toBeGreaterThan(0);
    const unmoved = before.interviews.filter((i) => i.panelId !== closing.id);
    for (const i of unmoved) {
      const now = after.interviews.find((x) => x.applicationId === i.applicationId);
      expect(now?.start).toBe(i.start);
    }
    const bad = await req(staff, 'POST', `/api/college-staff/driveDays/${day.id}/changes`, {
      kind: 'meteor',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('marks no-shows, debars at the policy’s limit with the reason shown, and a waiver lifts it with an audit trail', async () => {
    const s = people[3]!;
    const mine = (await ok<StudentDriveDays>(s, 'GET', '/api/student/driveDays')).days[0]!.interviews;
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const [a, b] = mine;
    const early = await req(
      companies.find((c) => c.company === a!.company)!,
      'POST',
      `/api/company/driveDays/${day.id}/interviews/${a!.id}/noShow`,
      { reason: 'Did not come' },
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(messages.notYetHeld);

    await advance(ist(date, '13:00'));
    const byCompany = companies.find((c) => c.company === a!.company)!;
    const other = companies.find((c) => c.company !== a!.company)!;
    expect(
      (
        await req(other, 'POST', `/api/company/driveDays/${day.id}/interviews/${a!.id}/noShow`, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      await ok(byCompany, 'POST', `/api/company/driveDays/${day.id}/interviews/${a!.id}/noShow`, {
        reason: 'Did not come',
      }),
    ).toBe(messages.noShowMarked);
    expect(
      (
        await req(byCompany, 'POST', `/api/company/driveDays/${day.id}/interviews/${a!.id}/noShow`, {
          reason: 'again',
        })
      ).statusCode,
    ).toBe(409);
    let view = await ok<StudentDriveDays>(s, 'GET', '/api/student/driveDays');
    expect(view.penalty.explanation).toBe(messages.penaltyWarning(1, 2));

    expect(
      await ok(staff, 'POST', `/api/college-staff/driveDays/${day.id}/interviews/${b!.id}/noShow`, {
        reason: 'Absent at call',
      }),
    ).toBe(messages.noShowMarked);
    view = await ok<StudentDriveDays>(s, 'GET', '/api/student/driveDays');
    expect(view.penalty.noShows).toHaveLength(2);
    expect(view.penalty.explanation).toBe(messages.penaltyExplained(2, 2, 14, addDays(date, 14)));
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, s.id));
    expect(account!.status).toBe('Debarred');
    const [student] = await t.db.select().from(students).where(eq(students.accountId, s.id));
    expect(student!.debarReason).toBe(messages.penaltyReason(2, 14));
    expect(student!.debarredUntil).toBe(addDays(date, 14));

    const ledger = await ok<StaffDriveDay['noShows']>(staff, 'GET', '/api/college-staff/noShows');
    const entry = ledger.find((n) => n.studentId === s.id && n.reason === 'Absent at call')!;
    expect(entry.by).toBe(staff.name);
    const noReason = await req(staff, 'POST', `/api/college-staff/noShows/${entry.id}/waive`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(
      await ok(staff, 'POST', `/api/college-staff/noShows/${entry.id}/waive`, {
        reason: 'Medical certificate',
      }),
    ).toBe(messages.waived);
    expect(
      (await req(staff, 'POST', `/api/college-staff/noShows/${entry.id}/waive`, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    const [lifted] = await t.db.select().from(accounts).where(eq(accounts.id, s.id));
    expect(lifted!.status).toBe('Allowed');
    const audit = await t.db.select().from(studentAuditLog).where(eq(studentAuditLog.studentId, s.id));
    expect(audit.map((r) => r.field)).toEqual(
      expect.arrayContaining(['noShow', 'status', 'debarReason', 'debarredUntil', 'noShowWaived']),
    );
    expect(audit.find((r) => r.field === 'noShowWaived')!.newValue).toBe('Medical certificate');
    view = await ok<StudentDriveDays>(s, 'GET', '/api/student/driveDays');
    expect(view.penalty.explanation).toBe(messages.penaltyWarning(1, 2));
  });
});

describe('self-booking', () => {
  it('50 students booking 10 open slots at once: exactly 10 bookings, the rest told the slots are gone', async () => {
    const date = addDays(dateInZone(now, 'Asia/Kolkata'), 2);
    const deadline = ist(addDays(date, -1), '12:00').toISOString();
    const day = await ok<DriveDay>(staff, 'POST', '/api/college-staff/driveDays', {
      date,
      gapMinutes: 0,
      rankingCutoff: deadline,
      rooms: [],
    });
    const company = await w.company({ company: 'Hooli' });
    everyone.push(company);
    const jobId = (await w.job(company, { role: 'Booker' }))._id;
    expect(
      (
        await req(company, 'POST', `/api/company/driveDays/${day.id}/panels`, {
          ...panel(jobId, null, { start: '09:00', end: '14:00', stage: 'HR Interview', bufferMinutes: 0 }),
          selfBooking: true,
          bookingDeadline: deadline,
        })
      ).statusCode,
    ).toBe(201);
    const students: Person[] = [];
    for (let i = 0; i < 50; i++) {
      const s = await w.applicant(jobId, { firstName: `Booker${i}` });
      await w.move(company, s.applicationId, { stage: 'HR Interview' });
      students.push(s);
    }
    const outsider = await w.student();
    const view = await ok<StudentDriveDays>(students[0]!, 'GET', '/api/student/driveDays');
    const open = view.days.find((d) => d.day.id === day.id)!.booking[0]!;
    expect(open.slots).toHaveLength(10);
    expect(
      (
        await req(outsider, 'POST', `/api/student/driveDays/${day.id}/bookings`, {
          panelId: open.panelId,
          slot: 0,
        })
      ).statusCode,
    ).toBe(403);

    const answers = await Promise.all(
      students.map((s, i) =>
        req(s, 'POST', `/api/student/driveDays/${day.id}/bookings`, { panelId: open.panelId, slot: i % 10 }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(messages.slotsGone);
    const after = await ok<StudentDriveDays>(students[0]!, 'GET', '/api/student/driveDays');
    expect(after.days.find((d) => d.day.id === day.id)!.booking[0]!.slots.every((s) => !s.free)).toBe(true);

    // A student who booked may rebook until the deadline; after it, booking is closed.
    const winner = students[answers.findIndex((a) => a.statusCode === 201)]!;
    const rebook = await req(staff, 'POST', `/api/college-staff/driveDays/${day.id}/panels`, {
      ...panel(jobId, null, { start: '15:00', end: '16:00', stage: 'HR Interview', bufferMinutes: 0 }),
      selfBooking: true,
      bookingDeadline: deadline,
    });
    expect(rebook.statusCode).toBe(201);
    const second = (await ok<StudentDriveDays>(winner, 'GET', '/api/student/driveDays')).days
      .find((d) => d.day.id === day.id)!
      .booking.find((b) => b.panelId !== open.panelId)!;
    expect(
      (
        await req(winner, 'POST', `/api/student/driveDays/${day.id}/bookings`, {
          panelId: second.panelId,
          slot: 0,
        })
      ).statusCode,
    ).toBe(201);
    const mine = (await ok<StudentDriveDays>(winner, 'GET', '/api/student/driveDays')).days.find(
      (d) => d.day.id === day.id,
    )!;
    expect(mine.interviews).toHaveLength(1);
    expect(mine.interviews[0]!.panelId).toBe(second.panelId);

    everyone.push(winner);
    await advance(new Date(deadline));
    const late = await req(winner, 'POST', `/api/student/driveDays/${day.id}/bookings`, {
      panelId: open.panelId,
      slot: 9,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.bookingClosed);
  }, 120_000); // 50 sign-ups and 50 bookings: a minute on a busy machine
});
