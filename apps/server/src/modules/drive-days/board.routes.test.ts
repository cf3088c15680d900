import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacementStatistics } from '@portal/contracts/staff';
import type {
  Coordinator,
  CoordinatorAssignment,
  DriveDay,
  RoomBoard,
  StudentDriveDays,
} from '@portal/contracts/drive-days';
import { addDays, dateInZone } from '@portal/contracts/dates';
import { auth, board as messages, driveDays as dayMessages } from '@portal/contracts/messages';
import { applications, driveDayInterviews, liveEvents, notifications } from '../../db/schema.ts';
import { withinColleges } from '../../db/college-scope.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';

/** The app's clock, moved by the tests to the day itself. */
let now = new Date();
let t: TestApp;
let w: World;
let staff: Person;
const everyone: Person[] = [];
const today = dateInZone(now, 'Asia/Kolkata');
/** IST: a time on a date. */
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
  staff = await w.staff({ firstName: 'Nisha' });
  everyone.push(staff, await w.approver());
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
  payload: object | undefined,
  status: number,
  message?: string,
) => {
  const r = await req(who, method, url, payload);
  expect(r.statusCode, r.body).toBe(status);
  if (message) expect(r.json().message).toBe(message);
};

describe('the room board of a published drive day', () => {
  const date = addDays(today, 2);
  let day: DriveDay;
  let globex: Company;
  let initech: Company;
  let volunteer: Person;
  let students: (Person & { applicationIds: string[] })[];
  const roomOf = (name: string) => day.rooms.find((r) => r.name === name)!.id;
  const boardUrl = (area: string) => `/api/${area}/driveDays/${day.id}/board`;
  const tapUrl = (area: string, interviewId: string) =>
    `/api/${area}/driveDays/${day.id}/interviews/${interviewId}/board`;
  /** The staff's board, and the entry of a student on a company's panel. */
  const staffBoard = () => ok<RoomBoard>(staff, 'GET', boardUrl('college-staff'));
  const entryOf = async (company: string, student: Person) => {
    const b = await staffBoard();
    const panel = b.panels.find((p) => p.company === company)!;
    return { panel, entry: panel.entries.find((e) => e.student === student.name)! };
  };

  beforeAll(async () => {
    day = await ok<DriveDay>(staff, 'POST', '/api/college-staff/driveDays', {
      date,
      gapMinutes: 10,
      rankingCutoff: ist(addDays(date, -1), '12:00').toISOString(),
      rooms: ['Room A', 'Room B'],
    });
    globex = await w.company({ company: 'Globex' });
    initech = await w.company({ company: 'Initech' });
    everyone.push(globex, initech);
    const jobIds = [
      (await w.job(globex, { role: 'Analyst' }))._id,
      (await w.job(initech, { role: 'Engineer' }))._id,
    ];
    students = [];
    for (const firstName of ['Asha', 'Bala', 'Chen']) {
      const s = await w.student({ academics: true, firstName });
      await w.resume(s);
      const applicationIds: string[] = [];
      for (const [j, c] of [globex, initech].entries()) {
        const applicationId = await w.apply(s, jobIds[j]!);
        await w.move(c, applicationId, { stage: 'Technical Interview' });
        applicationIds.push(applicationId);
      }
      students.push({ ...s, applicationIds });
      everyone.push(s);
    }
    for (const [j, c] of [globex, initech].entries())
      await ok(c, 'POST', `/api/company/driveDays/${day.id}/panels`, {
        jobId: jobIds[j],
        stage: 'Technical Interview',
        roomId: roomOf(j === 0 ? 'Room A' : 'Room B'),
        onlineLink: '',
        interviewers: ['Asha Iyer'],
        slotMinutes: 30,
        bufferMinutes: 10,
        start: '09:00',
        end: '12:00',
      });
    volunteer = await w.student({ firstName: 'Vani' });
    everyone.push(volunteer);
  });

  it('opens only once the day is published', async () => {
    await refused(staff, 'GET', boardUrl('college-staff'), undefined, 409, messages.notPublished);
    await ok(staff, 'POST', `/api/college-staff/driveDays/${day.id}/allot`);
    await ok(staff, 'POST', `/api/college-staff/driveDays/${day.id}/publish`);
    await advance(ist(date, '08:50'));
  });

  it('shows staff every panel in slot order, each student expected at their slot, nobody next yet', async () => {
    const b = await staffBoard();
    expect(b.entersResults).toBe(true);
    expect(b.panels.map((p) => [p.company, p.place])).toEqual([
      ['Globex', 'Room A'],
      ['Initech', 'Room B'],
    ]);
    for (const p of b.panels) {
      expect(p.entries).toHaveLength(3);
      expect(p.entries.map((e) => e.slot)).toEqual([...p.entries.map((e) => e.slot)].sort((x, y) => x - y));
      expect(p.entries.every((e) => e.state === 'expected')).toBe(true);
      expect(p.nextId).toBeNull();
      expect(p.lateMinutes).toBe(0);
    }
  });

  it('shows each company its own panels only, and refuses its taps on another company’s', async () => {
    const mine = await ok<RoomBoard>(globex, 'GET', boardUrl('company'));
    expect(mine.panels.map((p) => p.company)).toEqual(['Globex']);
    const { entry } = await entryOf('Globex', students[0]!);
    await refused(initech, 'POST', tapUrl('company', entry.interviewId), { action: 'check-in' }, 404);
  });

  it('lets staff assign a coordinator of their college for some rooms, and lists them', async () => {
    await refused(
      staff,
      'POST',
      `/api/college-staff/driveDays/${day.id}/coordinators`,
      { email: volunteer.email, companyIds: [], roomIds: [] },
      400,
      messages.coordinatorScope,
    );
    await refused(
      staff,
      'POST',
      `/api/college-staff/driveDays/${day.id}/coordinators`,
      { email: 'nobody@example.com', roomIds: [roomOf('Room A')] },
      400,
      messages.coordinatorUnknown,
    );
    await refused(
      staff,
      'POST',
      `/api/college-staff/driveDays/${day.id}/coordinators`,
      { email: globex.email, roomIds: [roomOf('Room A')] },
      400,
      messages.coordinatorUnknown,
    );
    expect(
      await ok(staff, 'POST', `/api/college-staff/driveDays/${day.id}/coordinators`, {
        email: volunteer.email,
        roomIds: [roomOf('Room A')],
      }),
    ).toBe(messages.coordinatorAdded(volunteer.name));
    await refused(
      staff,
      'POST',
      `/api/college-staff/driveDays/${day.id}/coordinators`,
      { email: volunteer.email, companyIds: [initech.id] },
      409,
      messages.coordinatorTaken,
    );
    const list = await ok<Coordinator[]>(staff, 'GET', `/api/college-staff/driveDays/${day.id}/coordinators`);
    expect(list).toEqual([
      expect.objectContaining({
        name: volunteer.name,
        email: volunteer.email,
        companies: [],
        rooms: [{ id: roomOf('Room A'), name: 'Room A' }],
        assignedBy: staff.name,
      }),
    ]);
    const assignments = await ok<CoordinatorAssignment[]>(volunteer, 'GET', '/api/coordinator/assignments');
    expect(assignments).toEqual([{ driveDayId: day.id, date, today: true, scope: ['Room A'] }]);
  });

  it('refuses the coordinator routes to a student who coordinates nothing (their list of days is empty)', async () => {
    expect(await ok(students[1]!, 'GET', '/api/coordinator/assignments')).toEqual([]);
    await refused(students[1]!, 'GET', boardUrl('coordinator'), undefined, 403, auth.wrongRole);
  });

  it('lets a coordinator of Room A check a student in there, and the student reads that they are next', async () => {
    const mine = await ok<RoomBoard>(volunteer, 'GET', boardUrl('coordinator'));
    expect(mine.entersResults).toBe(false);
    expect(mine.panels.map((p) => p.place)).toEqual(['Room A']);
    const first = mine.panels[0]!.entries[0]!;
    const student = students.find((s) => s.name === first.student)!;
    const before = await t.db.select().from(liveEvents).where(eq(liveEvents.kind, 'board'));
    expect(
      await ok(volunteer, 'POST', tapUrl('coordinator', first.interviewId), { action: 'check-in' }),
    ).toBe(messages.checkedIn(student.name));
    const [row] = await t.db
      .select()
      .from(driveDayInterviews)
      .where(eq(driveDayInterviews.id, first.interviewId));
    expect(row!.checkedInBy).toBe(volunteer.name);
    expect(row!.checkedInAt).toEqual(now);
    const { panel } = await entryOf('Globex', student);
    expect(panel.nextId).toBe(first.interviewId);
    expect(panel.entries[0]!.state).toBe('waiting');

    const minutes = Math.round((Date.parse(first.expected) - now.getTime()) / 60_000);
    const view = await ok<StudentDriveDays>(student, 'GET', '/api/student/driveDays');
    expect(view.next).toEqual([
      { interviewId: first.interviewId, message: messages.youAreNext('Globex', 'Room A', minutes) },
    ]);
    expect(view.next[0]!.message).toMatch(/^You are next at Globex, Room A, in about \d+ minutes$/);

    // The viewers were told: the student, the company, the staff and the coordinator.
    const told = (await t.db.select().from(liveEvents).where(eq(liveEvents.kind, 'board'))).filter(
      (e) => !before.some((b) => b.id === e.id),
    );
    const accounts = told.map((e) => e.accountId);
    for (const who of [student, globex, staff, volunteer]) expect(accounts).toContain(who.id);
    expect(told.every((e) => e.payload.driveDayId === day.id)).toBe(true);
  });

  it('refuses a coordinator of Room A a tap in Room B, a result, and a day they do not coordinate', async () => {
    const { entry } = await entryOf('Initech', students[0]!);
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', entry.interviewId),
      { action: 'check-in' },
      403,
      messages.notInScope,
    );
    await refused(
      volunteer,
      'POST',
      `/api/coordinator/driveDays/${day.id}/interviews/${entry.interviewId}/noShow`,
      { reason: 'Not here' },
      403,
      messages.notInScope,
    );
    const a = (await ok<RoomBoard>(volunteer, 'GET', boardUrl('coordinator'))).panels[0]!.entries[0]!;
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', a.interviewId),
      { action: 'check-out', result: 'next-stage' },
      403,
      messages.noResultByCoordinator,
    );
    const other = await ok<DriveDay>(staff, 'POST', '/api/college-staff/driveDays', {
      date: addDays(date, 5),
      gapMinutes: 10,
      rankingCutoff: ist(addDays(date, 4), '12:00').toISOString(),
      rooms: ['Room A'],
    });
    await refused(volunteer, 'GET', `/api/coordinator/driveDays/${other.id}/board`, undefined, 404);
  });

  it('keeps one student in the room at a time, in order: check in, call in, check out', async () => {
    const b = await ok<RoomBoard>(volunteer, 'GET', boardUrl('coordinator'));
    const [first, second] = b.panels[0]!.entries;
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', second!.interviewId),
      { action: 'call-in' },
      409,
      messages.notCheckedIn,
    );
    await ok(volunteer, 'POST', tapUrl('coordinator', first!.interviewId), { action: 'call-in' });
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', first!.interviewId),
      { action: 'check-in' },
      409,
      messages.alreadyCheckedIn,
    );
    await ok(volunteer, 'POST', tapUrl('coordinator', second!.interviewId), { action: 'check-in' });
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', second!.interviewId),
      { action: 'call-in' },
      409,
      messages.roomBusy(first!.student),
    );
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', first!.interviewId),
      { action: 'check-in', result: 'rejected' },
      400,
      messages.resultOnlyAtCheckOut,
    );
    const after = await ok<RoomBoard>(globex, 'GET', boardUrl('company'));
    expect(after.panels[0]!.entries.map((e) => e.state)).toEqual(['in-room', 'waiting', 'expected']);
    expect(after.panels[0]!.nextId).toBe(second!.interviewId);
  });

  it('moves the application to the next stage on the company’s result at check-out, with the pipeline’s notice', async () => {
    const b = await ok<RoomBoard>(globex, 'GET', boardUrl('company'));
    const inside = b.panels[0]!.entries[0]!;
    const student = students.find((s) => s.name === inside.student)!;
    expect(
      await ok(globex, 'POST', tapUrl('company', inside.interviewId), {
        action: 'check-out',
        result: 'next-stage',
      }),
    ).toBe(messages.movedTo(student.name, 'HR Interview'));
    const [application] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.id, student.applicationIds[0]!));
    expect(application!.stage).toBe('HR Interview');
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, student.id), eq(notifications.title, 'HR Interview')));
    expect(notices).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(driveDayInterviews)
      .where(eq(driveDayInterviews.id, inside.interviewId));
    expect(row).toMatchObject({ result: 'next-stage', resultBy: globex.name, checkedOutBy: globex.name });
    const again = await ok<RoomBoard>(globex, 'GET', boardUrl('company'));
    expect(again.panels[0]!.entries[0]).toMatchObject({
      state: 'done',
      result: { result: 'next-stage', by: globex.name },
    });
    await refused(
      globex,
      'POST',
      tapUrl('company', inside.interviewId),
      { action: 'check-out' },
      409,
      messages.alreadyDone,
    );
  });

  it('rejects on the staff’s result; a coordinator checks out without one and the stage stays', async () => {
    const b = await staffBoard();
    const second = b.panels[0]!.entries[1]!;
    const student = students.find((s) => s.name === second.student)!;
    await ok(volunteer, 'POST', tapUrl('coordinator', second.interviewId), { action: 'call-in' });
    expect(
      await ok(volunteer, 'POST', tapUrl('coordinator', second.interviewId), { action: 'check-out' }),
    ).toBe(messages.checkedOut(student.name));
    const [kept] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.id, student.applicationIds[0]!));
    expect(kept!.stage).toBe('Technical Interview');

    const initechPanel = b.panels[1]!;
    const third = initechPanel.entries[0]!;
    const thirdStudent = students.find((s) => s.name === third.student)!;
    for (const action of ['check-in', 'call-in'])
      await ok(staff, 'POST', tapUrl('college-staff', third.interviewId), { action });
    await ok(staff, 'POST', tapUrl('college-staff', third.interviewId), {
      action: 'check-out',
      result: 'rejected',
    });
    const [rejected] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.id, thirdStudent.applicationIds[1]!));
    expect(rejected!.stage).toBe('Rejected');
  });

  it('takes back a tap on the wrong name, one step at a time, but never a result', async () => {
    const b = await staffBoard();
    const [first, second] = b.panels[0]!.entries;
    const student = students.find((s) => s.name === second!.student)!;
    const undo = (who: Person | Company, area: string, interviewId: string) =>
      req(who, 'POST', tapUrl(area, interviewId), { action: 'undo' });
    const stateNow = async () => (await staffBoard()).panels[0]!.entries[1]!.state;
    // Checked out without a result (the coordinator, above): back into the room, back to waiting,
    // back to expected; then nothing is left to undo.
    for (const [tap, state] of [
      ['check-out', 'in-room'],
      ['call-in', 'waiting'],
      ['check-in', 'expected'],
    ] as const) {
      const r = await undo(volunteer, 'coordinator', second!.interviewId);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe(messages.undone[tap](student.name));
      expect(await stateNow()).toBe(state);
    }
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', second!.interviewId),
      { action: 'undo' },
      409,
      messages.nothingToUndo,
    );
    const [row] = await t.db
      .select()
      .from(driveDayInterviews)
      .where(eq(driveDayInterviews.id, second!.interviewId));
    expect(row).toMatchObject({ checkedInAt: null, calledInAt: null, checkedOutAt: null, checkedInBy: null });
    // A result moved the application: the board does not take it back, for the company either.
    await refused(
      globex,
      'POST',
      tapUrl('company', first!.interviewId),
      { action: 'undo' },
      409,
      messages.resultStands,
    );
    // Back where it was, and back into the room only while it is free.
    for (const action of ['check-in', 'call-in', 'check-out'])
      await ok(volunteer, 'POST', tapUrl('coordinator', second!.interviewId), { action });
    expect(await stateNow()).toBe('done');
    // Another student in the room keeps the undone check-out out of it; undone in turn, they leave.
    const third = b.panels[0]!.entries[2]!;
    for (const action of ['check-in', 'call-in'])
      await ok(volunteer, 'POST', tapUrl('coordinator', third.interviewId), { action });
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', second!.interviewId),
      { action: 'undo' },
      409,
      messages.roomBusy(third.student),
    );
    for (let i = 0; i < 2; i++)
      await ok(volunteer, 'POST', tapUrl('coordinator', third.interviewId), { action: 'undo' });
    expect((await staffBoard()).panels[0]!.entries.map((e) => e.state)).toEqual(['done', 'done', 'expected']);
  });

  it('lets a coordinator mark a no-show in their room once the slot began, and the board shows it', async () => {
    const b = await ok<RoomBoard>(volunteer, 'GET', boardUrl('coordinator'));
    const last = b.panels[0]!.entries[2]!;
    await advance(new Date(Date.parse(last.expected) + 5 * 60_000));
    const statistics = () => ok<PlacementStatistics>(staff, 'GET', '/api/college-staff/statistics');
    const noShowsBefore = (await statistics()).noShows.marked;
    expect(
      await ok(
        volunteer,
        'POST',
        `/api/coordinator/driveDays/${day.id}/interviews/${last.interviewId}/noShow`,
        {
          reason: 'Did not come',
        },
      ),
    ).toBe(dayMessages.noShowMarked);
    const after = await staffBoard();
    expect(after.panels[0]!.entries[2]).toMatchObject({ state: 'no-show', noShow: 'Did not come' });
    // The statistics, kept until what they read changes, count it.
    expect((await statistics()).noShows.marked).toBe(noShowsBefore + 1);
    // A student who checked in came: they cannot be marked absent.
    await refused(
      volunteer,
      'POST',
      `/api/coordinator/driveDays/${day.id}/interviews/${b.panels[0]!.entries[0]!.interviewId}/noShow`,
      { reason: 'Gone' },
      409,
      messages.arrivedNoShow,
    );
    await refused(
      volunteer,
      'POST',
      tapUrl('coordinator', last.interviewId),
      { action: 'check-in' },
      409,
      messages.noShowAlready,
    );
  });

  it('shows a panel running late by how much and moves its expected times', async () => {
    const b = await staffBoard();
    const initechPanel = b.panels[1]!;
    await ok(staff, 'POST', `/api/college-staff/driveDays/${day.id}/changes`, {
      kind: 'running-late',
      panelIds: [initechPanel.panelId],
      from: '09:00',
      minutes: 20,
    });
    const late = (await staffBoard()).panels[1]!;
    expect(late.lateMinutes).toBe(20);
    for (const e of late.entries.filter((x) => x.state === 'expected'))
      expect(Date.parse(e.expected)).toBeGreaterThanOrEqual(ist(date, '09:20').getTime());
  });

  it('lets one of two students called in at the same moment into the room', async () => {
    const waiting = (await staffBoard()).panels[1]!.entries.filter((e) => e.state === 'expected');
    expect(waiting).toHaveLength(2);
    for (const e of waiting)
      await ok(staff, 'POST', tapUrl('college-staff', e.interviewId), { action: 'check-in' });
    const answers = await Promise.all(
      waiting.map((e) => req(staff, 'POST', tapUrl('college-staff', e.interviewId), { action: 'call-in' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const inside = (await staffBoard()).panels[1]!.entries.filter((e) => e.state === 'in-room');
    expect(inside).toHaveLength(1);
  });

  it('walls the board and the coordinators to the day’s college', async () => {
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    const north = (await colleges.create({ slug: 'north-board', name: 'North College' })).id;
    const [northStaff, northStudent] = await withinColleges([north], async () => [
      await w.staff(),
      await w.student(),
    ]);
    everyone.push(northStaff, northStudent);
    await refused(northStaff, 'GET', boardUrl('college-staff'), undefined, 404);
    await refused(
      northStaff,
      'POST',
      `/api/college-staff/driveDays/${day.id}/coordinators`,
      { email: northStudent.email, roomIds: [roomOf('Room A')] },
      404,
    );
    // The first college's staff cannot make another college's student a coordinator.
    await refused(
      staff,
      'POST',
      `/api/college-staff/driveDays/${day.id}/coordinators`,
      { email: northStudent.email, roomIds: [roomOf('Room A')] },
      400,
      messages.coordinatorUnknown,
    );
  });

  it('lets staff end an assignment: the coordinator routes refuse the account then', async () => {
    const [c] = await ok<Coordinator[]>(staff, 'GET', `/api/college-staff/driveDays/${day.id}/coordinators`);
    expect(await ok(staff, 'DELETE', `/api/college-staff/driveDays/${day.id}/coordinators/${c!.id}`)).toBe(
      messages.coordinatorRemoved,
    );
    await refused(
      staff,
      'DELETE',
      `/api/college-staff/driveDays/${day.id}/coordinators/${c!.id}`,
      undefined,
      404,
    );
    await refused(volunteer, 'GET', boardUrl('coordinator'), undefined, 403, auth.wrongRole);
  });
});
