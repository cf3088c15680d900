import {
  type AllotmentPreview,
  type CompanyDriveDay,
  type DayChangeBody,
  type DayChanges,
  type DeclareDriveDayBody,
  type DriveDay,
  type DriveDayInterview,
  type DriveDayStage,
  minuteOf,
  type NoShow,
  type Panel,
  type PanelBody,
  seasonStart,
  type StaffDriveDay,
  type StudentDriveDays,
  timeOfMinute,
} from '@portal/contracts/drive-days';
import { addDays, instantOfWallClock } from '@portal/contracts/dates';
import { emailLinks } from '@portal/contracts/links';
import { board as boardMessages, companySender, driveDays as messages } from '@portal/contracts/messages';
import { tierIndex } from '@portal/contracts/placement-policy';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { writeCalendar } from '../../lib/icalendar.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import { stageEvent, type ScheduledStage, uidHost, stageUid } from '../calendar/calendar-events.ts';
import type { CollegesService } from '../colleges/colleges.service.ts';
import { collegeOrigin } from '../mail/college-links.ts';
import { interviewScheduledEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import type { NewNotification } from '../notifications/notify.ts';
import type { PlacementPolicyService } from '../placement-policy/placement-policy.service.ts';
import { allot, reallot } from './allotment.ts';
import { boardPanelOf, enginePanel } from './board-queue.ts';
import { panelSlots } from './allotment-day.ts';
import type { Allotment, AllotmentInput, AllotmentPanel, DayChange, Interview } from './allotment-types.ts';
import type { DayRow, DriveDaysRepo, NewInterview, PanelRow, Tidings } from './drive-days.repo.ts';

type PanelJoin = Awaited<ReturnType<DriveDaysRepo['panels']>>[number];
type InterviewRow = Awaited<ReturnType<DriveDaysRepo['interviews']>>[number];
type LedgerRow = Awaited<ReturnType<DriveDaysRepo['ledger']>>[number];
type Candidate = Awaited<ReturnType<DriveDaysRepo['candidates']>>[number];

/** The engine's name of a job's interview stage on the day. */
const processOf = (jobId: string, stage: string) => `${jobId}|${stage}`;
const nameOf = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;
const placeOf = (roomName: string | null, onlineLink: string) => roomName ?? onlineLink;

export function createDriveDaysService(deps: {
  driveDaysRepo: DriveDaysRepo;
  placementPolicyService: Pick<PlacementPolicyService, 'current'>;
  mail: MailQueue;
  clock: Clock;
  appUrl: string;
  /** The day's college: its invites' links lead into it, as the emails' own links do. */
  collegesService: Pick<CollegesService, 'byId'>;
  organizerEmail: string;
  /** Seconds an allotment may take (the engine's own default when not given). */
  allotmentSeconds?: number;
}) {
  const repo = deps.driveDaysRepo;
  const { clock } = deps;
  const host = uidHost(deps.appUrl);
  /** The instant a minute of the day's date is, in the deployment's zone. */
  const instantOf = (date: string, minute: number) =>
    instantOfWallClock(Date.parse(`${date}T00:00:00Z`) + minute * 60_000, clock.timeZone);
  const minuteOfInstant = (date: string, at: Date) =>
    Math.floor((at.getTime() - clock.startOf(date).getTime()) / 60_000);
  const when = (at: Date) => formatInZone(at, clock.timeZone);

  async function dayOr404(id: string) {
    const day = await repo.day(id);
    if (!day) throw new NotFound(messages.notFound);
    return day;
  }

  const dayView = async (day: DayRow, rooms?: { id: string; name: string }[]): Promise<DriveDay> => ({
    id: day.id,
    date: day.date,
    status: day.status,
    gapMinutes: day.gapMinutes,
    rankingCutoff: day.rankingCutoff.toISOString(),
    rooms: (rooms ?? (await repo.rooms(day.id))).map((r) => ({ id: r.id, name: r.name })),
    declaredBy: day.declaredByName,
    publishedAt: day.publishedAt?.toISOString() ?? null,
  });

  const panelView = (p: PanelJoin): Panel => ({
    id: p.panel.id,
    jobId: p.panel.jobId,
    companyId: p.companyId,
    role: p.role,
    company: p.company,
    stage: p.panel.stage as DriveDayStage,
    roomId: p.panel.roomId,
    place: placeOf(p.roomName, p.panel.onlineLink),
    interviewers: p.panel.interviewers,
    slotMinutes: p.panel.slotMinutes,
    bufferMinutes: p.panel.bufferMinutes,
    start: timeOfMinute(p.panel.startMinute),
    end: timeOfMinute(p.panel.endMinute),
    closedFrom: p.panel.closedFrom === null ? null : timeOfMinute(p.panel.closedFrom),
    lateMinutes: p.panel.delays.reduce((sum, d) => sum + d.minutes, 0),
    selfBooking: p.panel.selfBooking,
    bookingDeadline: p.panel.bookingDeadline?.toISOString() ?? null,
  });

  const interviewView = (i: InterviewRow): DriveDayInterview => ({
    id: i.id,
    panelId: i.panelId,
    slot: i.slot,
    studentId: i.studentId,
    student: nameOf(i),
    applicationId: i.applicationId,
    role: i.role,
    company: i.company,
    stage: i.stage as DriveDayStage,
    start: i.startAt.toISOString(),
    end: i.endAt.toISOString(),
    place: placeOf(i.roomName, i.onlineLink),
    booked: i.booked,
    noShow: i.noShowReason === null ? null : { reason: i.noShowReason, waived: i.noShowWaived === true },
  });

  const noShowView = (n: LedgerRow): NoShow => ({
    id: n.id,
    studentId: n.studentId,
    student: nameOf(n),
    reason: n.reason,
    by: n.markedByName,
    at: n.markedAt.toISOString(),
    waived:
      n.waivedAt === null
        ? null
        : { reason: n.waivedReason ?? '', by: n.waivedByName ?? '', at: n.waivedAt.toISOString() },
    role: n.role,
    company: n.company,
  });

  /**
   * The engine's input for the day, from its allotted panels (not self-booking), the applications at
   * their stages in each company's order, the students' rankings and the placement policy.
   */
  async function inputOf(day: DayRow) {
    const panels = (await repo.panels([day.id])).filter((p) => !p.panel.selfBooking);
    const processes = new Map<
      string,
      { jobId: string; stage: PanelRow['stage']; tier: number; companyId: string }
    >();
    const policy = await deps.placementPolicyService.current();
    for (const p of panels)
      processes.set(processOf(p.panel.jobId, p.panel.stage), {
        jobId: p.panel.jobId,
        stage: p.panel.stage,
        tier: tierIndex(policy, p.package),
        companyId: p.companyId,
      });
    const candidates = await repo.candidates(day.id, [...processes.values()]);
    const byApplication = new Map(candidates.map((c) => [c.applicationId, c]));
    const rankings = new Map<string, string[]>();
    for (const r of await repo.rankings(day.id)) {
      const c = byApplication.get(r.applicationId);
      if (!c) continue;
      let list = rankings.get(r.studentId);
      if (!list) rankings.set(r.studentId, (list = []));
      list.push(processOf(c.jobId, c.stage));
    }
    const input: AllotmentInput = {
      gapMinutes: day.gapMinutes,
      processes: [...processes].map(([id, p]) => ({
        id,
        companyId: p.companyId,
        tier: p.tier,
        candidates: candidates
          .filter((c) => c.jobId === p.jobId && c.stage === p.stage)
          .map((c) => c.studentId),
      })),
      panels: panels.map((p) => enginePanel(p.panel)),
      rankings: [...rankings].map(([studentId, processIds]) => ({ studentId, processIds })),
      unavailable: [],
      policy: { higherTiersFirst: policy.driveDayHigherTiersFirst },
    };
    return { input, panels, candidates };
  }

  /** The application of each (student, process), by the engine's names. */
  const applicationOf = (candidates: Candidate[]) => {
    const map = new Map(candidates.map((c) => [`${c.studentId}|${processOf(c.jobId, c.stage)}`, c]));
    return (studentId: string, processId: string) => map.get(`${studentId}|${processId}`);
  };

  /** The preview staff read: the allotment with names and times of day. */
  function previewView(
    day: DayRow,
    allotment: Allotment,
    panels: PanelJoin[],
    candidates: Candidate[],
  ): AllotmentPreview {
    const names = new Map(candidates.map((c) => [c.studentId, nameOf(c)]));
    const panelById = new Map(panels.map((p) => [p.panel.id, p]));
    const titleOfProcess = new Map(
      panels.map((p) => [
        processOf(p.panel.jobId, p.panel.stage),
        `${p.panel.stage} — ${p.role} at ${p.company}`,
      ]),
    );
    const byPanelSlot = new Map(allotment.interviews.map((i) => [`${i.panelId}|${i.slot}`, i.studentId]));
    const students = new Map<string, Interview[]>();
    for (const i of allotment.interviews) {
      let list = students.get(i.studentId);
      if (!list) students.set(i.studentId, (list = []));
      list.push(i);
    }
    return {
      stats: {
        candidacies: allotment.stats.candidacies,
        interviews: allotment.stats.interviews,
        leftOut: allotment.stats.leftOut,
        studentsWithoutInterview: allotment.stats.studentsWithoutInterview,
        method: allotment.stats.method,
        milliseconds: Math.round(allotment.stats.milliseconds.total),
      },
      panels: allotment.input.panels.map((ap) => {
        const p = panelById.get(ap.id);
        return {
          panelId: ap.id,
          title: p
            ? `${p.company} · ${p.role} · ${p.panel.stage} · ${placeOf(p.roomName, p.panel.onlineLink)}`
            : ap.id,
          slots: panelSlots(ap).map((s) => {
            const student = byPanelSlot.get(`${ap.id}|${s.slot}`);
            return {
              start: timeOfMinute(s.start),
              end: timeOfMinute(s.end),
              student: student ? (names.get(student) ?? student) : null,
            };
          }),
        };
      }),
      students: [...students].map(([studentId, list]) => ({
        studentId,
        student: names.get(studentId) ?? studentId,
        interviews: list.map((i) => {
          const p = panelById.get(i.panelId);
          return {
            title: titleOfProcess.get(i.processId) ?? i.processId,
            start: timeOfMinute(i.start),
            end: timeOfMinute(i.end),
            place: p ? placeOf(p.roomName, p.panel.onlineLink) : '',
          };
        }),
      })),
      leftOut: allotment.leftOut.map((l) => ({
        studentId: l.studentId,
        student: names.get(l.studentId) ?? l.studentId,
        title: titleOfProcess.get(l.processId) ?? l.processId,
        reason: messages.leftOut[l.reason] ?? l.reason,
      })),
    };
  }

  /**
   * Where the links of a college's invites start (mail/college-links.ts): an email's own links are
   * moved there as it is sent, but an invite's text is folded into lines by then.
   */
  const originOf = async (collegeId: number | null) =>
    collegeOrigin(deps.appUrl, await deps.collegesService.byId(collegeId));

  /** The invite for one interview (METHOD:REQUEST, or CANCEL), with the stage's UID. */
  function inviteOf(
    origin: string,
    s: ScheduledStage,
    end: Date,
    attendee: { name: string; email: string },
    method: 'REQUEST' | 'CANCEL' | 'PUBLISH',
  ) {
    return writeCalendar({
      ...(method === 'PUBLISH' ? {} : { method }),
      stamp: clock.now(),
      events: [
        stageEvent(s, host, {
          end,
          cancelled: method === 'CANCEL',
          organizer: { name: companySender(s.company), email: deps.organizerEmail },
          attendee,
          description: `Drive-day ${s.stage} with ${s.company} for ${s.role}. ${origin}${emailLinks.studentInterviews}`,
        }),
      ],
    });
  }

  /** The email and invite telling a student of a (re)scheduled interview, when they want interview emails. */
  function interviewEmail(
    origin: string,
    to: { studentId: string; firstName: string; lastName: string; email: string; emailInterviews: boolean },
    s: ScheduledStage,
    end: Date,
    rescheduled: boolean,
  ) {
    if (!to.emailInterviews) return [];
    const email = interviewScheduledEmail({
      to: to.email,
      accountId: to.studentId,
      firstName: to.firstName,
      company: s.company,
      role: s.role,
      stage: s.stage,
      when: when(s.at),
      place: s.place,
      rescheduled,
      link: `${deps.appUrl}${emailLinks.studentInterviews}`,
    });
    const content = inviteOf(
      origin,
      s,
      end,
      { name: `${to.firstName} ${to.lastName}`, email: to.email },
      'REQUEST',
    );
    return [
      {
        ...email,
        attachments: [
          { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content },
        ],
      },
    ];
  }

  /** Contact facts of students, read from the interviews written (after the write). */
  async function tellPublished(day: DayRow) {
    const rows = await repo.interviews({ driveDayIds: [day.id] });
    const origin = await originOf(day.collegeId);
    const tidings: Tidings = { notices: [], emails: [] };
    const byStudent = new Map<string, InterviewRow[]>();
    const byCompany = new Map<string, number>();
    for (const r of rows) {
      let list = byStudent.get(r.studentId);
      if (!list) byStudent.set(r.studentId, (list = []));
      list.push(r);
      byCompany.set(r.companyId, (byCompany.get(r.companyId) ?? 0) + 1);
    }
    for (const [studentId, list] of byStudent) {
      tidings.notices.push({
        accountId: studentId,
        sender: messages.sender,
        title: messages.noticeTitle(day.date),
        body: messages.noticeBody(
          list.map(
            (r) =>
              `${when(r.startAt)}: ${r.stage} — ${r.role} at ${r.company}, ${placeOf(r.roomName, r.onlineLink)}`,
          ),
        ),
        link: emailLinks.studentDriveDays,
      });
      for (const r of list) tidings.emails.push(...interviewEmail(origin, r, scheduled(r), r.endAt, false));
    }
    for (const [companyId, n] of byCompany)
      tidings.notices.push({
        accountId: companyId,
        sender: messages.sender,
        title: messages.companyNoticeTitle(day.date),
        body: messages.companyNoticeBody(n),
      });
    return tidings;
  }

  const scheduled = (r: InterviewRow): ScheduledStage => ({
    applicationId: r.applicationId,
    stage: r.stage,
    at: r.startAt,
    place: placeOf(r.roomName, r.onlineLink),
    sequence: r.calendarSequence,
    role: r.role,
    company: r.company,
  });

  /** New interview rows for engine interviews, each continuing its application's calendar entry. */
  async function newInterviews(day: DayRow, list: Interview[], of: ReturnType<typeof applicationOf>) {
    const found = list.map((i) => ({ i, c: of(i.studentId, i.processId) })).filter((x) => x.c !== undefined);
    const sequences = new Map(
      (await repo.applicationSequences(found.map((x) => x.c!.applicationId))).map((a) => [
        a.id,
        a.calendarSequence,
      ]),
    );
    return found.map(({ i, c }): NewInterview => ({
      driveDayId: day.id,
      panelId: i.panelId,
      slot: i.slot,
      studentId: i.studentId,
      applicationId: c!.applicationId,
      startAt: instantOf(day.date, i.start),
      endAt: instantOf(day.date, i.end),
      calendarUid: stageUid(c!.applicationId, c!.stage, host),
      calendarSequence: (sequences.get(c!.applicationId) ?? 0) + 1,
    }));
  }

  async function checkPanel(actor: SessionAccount, day: DayRow, body: PanelBody & { selfBooking: boolean }) {
    const job = await repo.job(body.jobId);
    if (!job || (actor.role === 'company' && job.companyId !== actor.id))
      throw new BadRequest(messages.notYourJob);
    if (body.roomId) {
      const rooms = await repo.rooms(day.id);
      const room = rooms.find((r) => r.id === body.roomId);
      if (!room) throw new BadRequest(messages.room);
      const [start, end] = [minuteOf(body.start), minuteOf(body.end)];
      const clash = (await repo.panels([day.id])).find(
        (p) => p.panel.roomId === room.id && p.panel.startMinute < end && start < p.panel.endMinute,
      );
      if (clash) throw new Conflict(messages.roomTaken(room.name));
    }
  }

  /** Writes the re-allotment of a change: ends and adds interview rows, tells each student moved. */
  async function applyReallot(
    day: DayRow,
    change: DayChange,
    panelUpdate?: () => Promise<void>,
  ): Promise<DayChanges> {
    const previous = day.published as Allotment | null;
    if (day.status !== 'published' || !previous) throw new Conflict(messages.notPublished);
    if (panelUpdate) await panelUpdate();
    const now = minuteOfInstant(day.date, clock.now());
    const result = await reallot(previous, change, {
      now,
      ...(deps.allotmentSeconds ? { timeLimitSeconds: deps.allotmentSeconds } : {}),
    });
    const { candidates } = await inputOf(day);
    const of = applicationOf(candidates);
    const live = await repo.interviews({ driveDayIds: [day.id] });
    const origin = await originOf(day.collegeId);
    const rowOf = new Map(live.map((r) => [`${r.studentId}|${processOf(r.jobId, r.stage)}`, r]));
    const ended: string[] = [];
    const toAdd: Interview[] = [];
    const lines: string[] = [];
    const notices: NewNotification[] = [];
    const emails: Tidings['emails'] = [];
    const schedules: { applicationId: string; at: Date | null; place: string; sequence: number }[] = [];
    const byKey = new Map(result.interviews.map((i) => [`${i.studentId}|${i.processId}`, i]));
    for (const m of [...result.changes.moved, ...result.changes.added]) {
      const old = rowOf.get(`${m.studentId}|${m.processId}`);
      if (old) ended.push(old.id);
      const i = byKey.get(`${m.studentId}|${m.processId}`);
      if (i) toAdd.push(i);
    }
    for (const d of result.changes.dropped) {
      const old = rowOf.get(`${d.studentId}|${d.processId}`);
      if (!old) continue;
      ended.push(old.id);
      const what = `${old.stage} — ${old.role} at ${old.company}`;
      lines.push(`${nameOf(old)}: ${what} dropped (${d.reason})`);
      notices.push({
        accountId: old.studentId,
        sender: messages.sender,
        title: messages.movedTitle,
        body: messages.droppedBody(what),
        link: emailLinks.studentDriveDays,
      });
      schedules.push({
        applicationId: old.applicationId,
        at: null,
        place: '',
        sequence: old.calendarSequence + 1,
      });
      if (old.emailInterviews)
        emails.push({
          kind: 'interview',
          to: old.email,
          accountId: old.studentId,
          subject: `${messages.movedTitle}: ${what}`,
          text: messages.droppedBody(what),
          attachments: [
            {
              filename: 'invite.ics',
              contentType: 'text/calendar; charset=utf-8; method=CANCEL',
              content: inviteOf(
                origin,
                { ...scheduled(old), sequence: old.calendarSequence + 1 },
                old.endAt,
                { name: nameOf(old), email: old.email },
                'CANCEL',
              ),
            },
          ],
        });
    }
    const added = await newInterviews(day, toAdd, of);
    for (const n of added) {
      const c = candidates.find((x) => x.applicationId === n.applicationId)!;
      const old = live.find((r) => r.applicationId === n.applicationId);
      const p = (await repo.panels([day.id])).find((x) => x.panel.id === n.panelId)!;
      const place = placeOf(p.roomName, p.panel.onlineLink);
      const what = `${c.stage} — ${p.role} at ${p.company}`;
      const sequence = Math.max(n.calendarSequence ?? 1, (old?.calendarSequence ?? 0) + 1);
      n.calendarSequence = sequence;
      // A student keeps their place on the board (checked in, in the room, done) when the panel's slots move.
      if (old && old.panelId === n.panelId)
        Object.assign(n, {
          checkedInAt: old.checkedInAt,
          checkedInBy: old.checkedInBy,
          calledInAt: old.calledInAt,
          calledInBy: old.calledInBy,
          checkedOutAt: old.checkedOutAt,
          checkedOutBy: old.checkedOutBy,
          result: old.result,
          resultBy: old.resultBy,
        });
      lines.push(
        `${nameOf(c)}: ${what} ${old ? 'moved' : 'added'} to ${timeOfMinute(minuteOfInstant(day.date, n.startAt))}`,
      );
      notices.push({
        accountId: n.studentId,
        sender: messages.sender,
        title: messages.movedTitle,
        body: messages.movedBody(what, when(n.startAt)),
        link: emailLinks.studentDriveDays,
      });
      schedules.push({ applicationId: n.applicationId, at: n.startAt, place, sequence });
      const contact = old ?? live.find((r) => r.studentId === n.studentId);
      if (contact)
        emails.push(
          ...interviewEmail(
            origin,
            { ...contact, studentId: n.studentId },
            {
              applicationId: n.applicationId,
              stage: c.stage,
              at: n.startAt,
              place,
              sequence,
              role: p.role,
              company: p.company,
            },
            n.endAt,
            old !== undefined,
          ),
        );
    }
    await repo.writeDay({
      driveDayId: day.id,
      set: { published: result },
      ended,
      added,
      schedules,
      tidings: { notices, emails },
    });
    if (emails.length) deps.mail.wake();
    // The board's expected times (a panel running late) and queues changed for every viewer.
    await repo.publishBoard(day.id, null);
    return {
      moved: result.changes.moved.length,
      dropped: result.changes.dropped.length,
      added: result.changes.added.length,
      lines,
    };
  }

  /** The no-shows of a student this season that are not waived. */
  const countedNoShows = async (studentId: string) =>
    (await repo.ledger({ studentId, since: clock.startOf(seasonStart(clock.today())) })).filter(
      (n) => n.waivedAt === null,
    );

  const isPenalty = (reason: string) => reason.includes('no-shows at drive-day interviews');

  async function markNoShow(actor: SessionAccount, dayId: string, interviewId: string, reason: string) {
    const [i] = await repo.interviews({ id: interviewId, driveDayIds: [dayId] });
    if (!i || (actor.role === 'company' && i.companyId !== actor.id))
      throw new NotFound(messages.itemNotFound);
    if (i.startAt > clock.now()) throw new BadRequest(messages.notYetHeld);
    // A student who checked in on the room board came (and one in the room would hold it forever).
    if (i.checkedInAt) throw new Conflict(boardMessages.arrivedNoShow);
    const what = `your ${i.stage} with ${i.company} for ${i.role} (${when(i.startAt)})`;
    const written = await repo.markNoShow(
      {
        interviewId,
        studentId: i.studentId,
        reason,
        markedById: actor.id,
        markedByName: actor.name,
        markedAt: clock.now(),
      },
      {
        notices: [
          {
            accountId: i.studentId,
            sender: messages.sender,
            title: messages.noShowTitle,
            body: messages.noShowBody(what, reason),
            link: emailLinks.studentDriveDays,
          },
        ],
        emails: [],
      },
    );
    if (!written) throw new Conflict(messages.alreadyMarked);
    const policy = await deps.placementPolicyService.current();
    const counted = await countedNoShows(i.studentId);
    const audit = [{ field: 'noShow', oldValue: '', newValue: `${i.company}, ${i.role}: ${reason}` }];
    if (policy.noShowLimit > 0 && counted.length >= policy.noShowLimit) {
      const until = addDays(clock.today(), policy.noShowDebarDays);
      const standing = await repo.standing(i.studentId);
      const longer =
        standing?.status === 'Debarred' &&
        (standing.debarredUntil === null || standing.debarredUntil >= until);
      if (standing && !longer) {
        const penaltyReason = messages.penaltyReason(counted.length, policy.noShowDebarDays);
        await repo.setDebarment({
          studentId: i.studentId,
          debarment: { reason: penaltyReason, until },
          audit: [
            ...audit,
            { field: 'status', oldValue: standing.status, newValue: 'Debarred' },
            { field: 'debarReason', oldValue: standing.debarReason, newValue: penaltyReason },
            { field: 'debarredUntil', oldValue: standing.debarredUntil ?? '', newValue: until },
          ],
          actor: { id: actor.id, name: actor.name },
          tidings: {
            notices: [
              {
                accountId: i.studentId,
                sender: messages.sender,
                title: messages.noShowTitle,
                body: messages.penaltyExplained(
                  counted.length,
                  policy.noShowLimit,
                  policy.noShowDebarDays,
                  until,
                ),
                link: emailLinks.studentDriveDays,
              },
            ],
            emails: [],
          },
        });
        return messages.noShowMarked;
      }
    }
    await repo.setDebarment({
      studentId: i.studentId,
      audit,
      actor: { id: actor.id, name: actor.name },
      tidings: { notices: [], emails: [] },
    });
    return messages.noShowMarked;
  }

  return {
    async list(): Promise<DriveDay[]> {
      const days = await repo.listDays();
      const rooms = await repo.allRooms(days.map((d) => d.id));
      return Promise.all(
        days.map((d) =>
          dayView(
            d,
            rooms.filter((r) => r.driveDayId === d.id),
          ),
        ),
      );
    },

    async declare(actor: SessionAccount, body: DeclareDriveDayBody & { rooms: string[] }): Promise<DriveDay> {
      if (body.date < clock.today()) throw new BadRequest(messages.datePast);
      const cutoff = new Date(body.rankingCutoff);
      if (cutoff > clock.startOf(body.date)) throw new BadRequest(messages.cutoffAfterDay);
      const row = await repo.declare(
        {
          date: body.date,
          gapMinutes: body.gapMinutes,
          rankingCutoff: cutoff,
          declaredById: actor.id,
          declaredByName: actor.name,
        },
        body.rooms,
      );
      if (!row) throw new Conflict(messages.dateTaken);
      return dayView(row);
    },

    async addRooms(id: string, rooms: string[]): Promise<DriveDay> {
      const day = await dayOr404(id);
      await repo.addRooms(id, rooms);
      return dayView(day);
    },

    async get(id: string): Promise<StaffDriveDay> {
      const day = await dayOr404(id);
      const panels = await repo.panels([id]);
      let preview: AllotmentPreview | null = null;
      if (day.preview) {
        const { candidates } = await inputOf(day);
        preview = previewView(day, day.preview as Allotment, panels, candidates);
      }
      return {
        day: await dayView(day),
        panels: panels.map(panelView),
        interviews: (await repo.interviews({ driveDayIds: [id] })).map(interviewView),
        preview,
        noShows: (await repo.ledger()).filter((n) => n.driveDayId === id).map(noShowView),
      };
    },

    /** Staff (for any company) or a company (for its own job) set a panel; on a published day, a change. */
    async addPanel(
      actor: SessionAccount,
      id: string,
      body: PanelBody & { selfBooking: boolean; bookingDeadline: string | null },
    ) {
      const day = await dayOr404(id);
      await checkPanel(actor, day, body);
      const values = {
        driveDayId: id,
        jobId: body.jobId,
        stage: body.stage,
        roomId: body.roomId,
        onlineLink: body.onlineLink,
        interviewers: body.interviewers,
        slotMinutes: body.slotMinutes,
        bufferMinutes: body.bufferMinutes,
        startMinute: minuteOf(body.start),
        endMinute: minuteOf(body.end),
        selfBooking: body.selfBooking,
        bookingDeadline: body.bookingDeadline ? new Date(body.bookingDeadline) : null,
      };
      if (day.status === 'published' && !body.selfBooking) {
        const panel = await repo.addPanel(values);
        await applyReallot(day, { kind: 'panel-added', panel: enginePanel(panel) });
        return messages.panelAdded;
      }
      await repo.addPanel(values);
      return messages.panelAdded;
    },

    async shortlist(
      actor: SessionAccount,
      id: string,
      body: { jobId: string; stage: DriveDayStage; applicationIds: string[] },
    ) {
      const day = await dayOr404(id);
      const job = await repo.job(body.jobId);
      if (!job || job.companyId !== actor.id) throw new BadRequest(messages.notYourJob);
      const all = await repo.candidates(day.id, [{ jobId: body.jobId, stage: body.stage }]);
      const known = new Set(all.map((c) => c.applicationId));
      if (
        new Set(body.applicationIds).size !== body.applicationIds.length ||
        body.applicationIds.some((a) => !known.has(a))
      )
        throw new BadRequest(messages.shortlistUnknown);
      await repo.saveShortlist(day.id, body.applicationIds, [...known]);
      return messages.shortlistSaved;
    },

    async rank(student: SessionAccount, id: string, applicationIds: string[]) {
      const day = await dayOr404(id);
      if (day.status === 'published' || clock.now() >= day.rankingCutoff)
        throw new Conflict(messages.rankingClosed(when(day.rankingCutoff)));
      const { candidates } = await inputOf(day);
      const mine = new Set(candidates.filter((c) => c.studentId === student.id).map((c) => c.applicationId));
      if (new Set(applicationIds).size !== applicationIds.length || applicationIds.some((a) => !mine.has(a)))
        throw new BadRequest(messages.rankingUnknown);
      await repo.saveRanking(day.id, student.id, applicationIds, clock.now());
      return messages.rankingSaved;
    },

    /** Runs the allotment and keeps it as the day's preview. */
    async allot(id: string): Promise<AllotmentPreview> {
      const day = await dayOr404(id);
      if (day.status === 'published') throw new Conflict(messages.published);
      const { input, panels, candidates } = await inputOf(day);
      const allotment = await allot(
        input,
        deps.allotmentSeconds ? { timeLimitSeconds: deps.allotmentSeconds } : {},
      );
      await repo.setPreview(id, allotment);
      return previewView(day, allotment, panels, candidates);
    },

    /** Publishes the preview: the interviews, each application's schedule, notices and invites. */
    async publish(id: string) {
      const day = await dayOr404(id);
      if (day.status === 'published') throw new Conflict(messages.published);
      const allotment = day.preview as Allotment | null;
      if (!allotment) throw new Conflict(messages.noPreview);
      const { input, candidates } = await inputOf(day);
      // jsonb keeps no key order: the panels compare by their fields.
      const key = (panels: AllotmentPanel[]) =>
        panels
          .map((p) =>
            [p.id, p.processId, p.start, p.end, p.slotMinutes, p.bufferMinutes, p.closedFrom ?? null].join(
              '|',
            ),
          )
          .sort()
          .join('\n');
      const same = key(input.panels) === key(allotment.input.panels);
      if (!same) throw new Conflict(messages.previewStale);
      const added = await newInterviews(day, allotment.interviews, applicationOf(candidates));
      const panels = new Map((await repo.panels([id])).map((p) => [p.panel.id, p]));
      await repo.writeDay({
        driveDayId: id,
        set: { status: 'published', publishedAt: clock.now(), published: allotment, preview: null },
        ended: [],
        added,
        schedules: added.map((n) => {
          const p = panels.get(n.panelId)!;
          return {
            applicationId: n.applicationId,
            at: n.startAt,
            place: placeOf(p.roomName, p.panel.onlineLink),
            sequence: n.calendarSequence!,
          };
        }),
        tidings: { notices: [], emails: [] },
      });
      // The notices and emails are written after the interviews, read back with their names and places.
      const tidings = await tellPublished(day);
      await repo.writeDay({ driveDayId: id, set: {}, ended: [], added: [], schedules: [], tidings });
      deps.mail.wake();
      return messages.publishedDay(added.length);
    },

    /** A change on the day: the panel is updated and the rest of the day re-allotted. */
    async change(id: string, body: DayChangeBody & { to?: string | null }): Promise<DayChanges> {
      const day = await dayOr404(id);
      if (day.status !== 'published') throw new Conflict(messages.notPublished);
      const panels = await repo.panels([id]);
      const panelOf = (panelId: string) => {
        const p = panels.find((x) => x.panel.id === panelId);
        if (!p) throw new NotFound(messages.itemNotFound);
        return p.panel;
      };
      switch (body.kind) {
        case 'panel-closed': {
          const p = panelOf(body.panelId);
          const at = minuteOf(body.at);
          return applyReallot(day, { kind: 'panel-closed', panelId: p.id, at }, async () => {
            await repo.updatePanel(p.id, { closedFrom: at });
          });
        }
        case 'running-late': {
          const list = body.panelIds.map(panelOf);
          const from = minuteOf(body.from);
          return applyReallot(
            day,
            { kind: 'running-late', panelIds: list.map((p) => p.id), from, minutes: body.minutes },
            async () => {
              for (const p of list)
                await repo.updatePanel(p.id, { delays: [...p.delays, { from, minutes: body.minutes }] });
            },
          );
        }
        case 'student-unavailable':
          return applyReallot(day, {
            kind: 'student-unavailable',
            studentId: body.studentId,
            from: minuteOf(body.from),
            ...(body.to ? { to: minuteOf(body.to) } : {}),
          });
      }
    },

    markNoShow,

    async waive(actor: SessionAccount, noShowId: string, reason: string) {
      const [n] = await repo.ledger({ id: noShowId });
      if (!n) throw new NotFound(messages.itemNotFound);
      if (n.waivedAt !== null) throw new Conflict(messages.alreadyWaived);
      const policy = await deps.placementPolicyService.current();
      const left = (await countedNoShows(n.studentId)).filter((x) => x.id !== n.id).length;
      const standing = await repo.standing(n.studentId);
      const lift =
        standing?.status === 'Debarred' &&
        isPenalty(standing.debarReason) &&
        (policy.noShowLimit === 0 || left < policy.noShowLimit);
      const audit = [{ field: 'noShowWaived', oldValue: n.reason, newValue: reason }];
      if (lift)
        audit.push(
          { field: 'status', oldValue: 'Debarred', newValue: 'Allowed' },
          { field: 'debarReason', oldValue: standing.debarReason, newValue: '' },
          { field: 'debarredUntil', oldValue: standing.debarredUntil ?? '', newValue: '' },
        );
      await repo.setDebarment({
        studentId: n.studentId,
        ...(lift ? { debarment: null } : {}),
        waive: { id: n.id, reason, byId: actor.id, byName: actor.name, at: clock.now() },
        audit,
        actor: { id: actor.id, name: actor.name },
        tidings: { notices: [], emails: [] },
      });
      return messages.waived;
    },

    async ledger(): Promise<NoShow[]> {
      return (await repo.ledger()).map(noShowView);
    },

    async companyDays(companyId: string): Promise<CompanyDriveDay[]> {
      const days = (await repo.listDays()).slice(0, 20);
      const ids = days.map((d) => d.id);
      const rooms = await repo.allRooms(ids);
      const panels = await repo.panels(ids, companyId);
      const interviews = ids.length ? await repo.interviews({ driveDayIds: ids, companyId }) : [];
      return Promise.all(
        days.map(async (d) => {
          const mine = panels.filter((p) => p.panel.driveDayId === d.id);
          const processes = [
            ...new Map(mine.map((p) => [processOf(p.panel.jobId, p.panel.stage), p])).values(),
          ];
          const candidates = await repo.candidates(
            d.id,
            processes.map((p) => ({ jobId: p.panel.jobId, stage: p.panel.stage })),
          );
          return {
            day: await dayView(
              d,
              rooms.filter((r) => r.driveDayId === d.id),
            ),
            panels: mine.map(panelView),
            interviews: interviews.filter((i) => i.driveDayId === d.id).map(interviewView),
            shortlists: processes.map((p) => ({
              jobId: p.panel.jobId,
              role: p.role,
              stage: p.panel.stage as DriveDayStage,
              applicants: candidates
                .filter((c) => c.jobId === p.panel.jobId && c.stage === p.panel.stage)
                .map((c) => ({ applicationId: c.applicationId, student: nameOf(c) })),
            })),
          };
        }),
      );
    },

    async studentDays(studentId: string): Promise<StudentDriveDays> {
      const from = addDays(clock.today(), -7);
      const days = (await repo.listDays()).filter((d) => d.date >= from).reverse();
      const ids = days.map((d) => d.id);
      const panels = await repo.panels(ids);
      const mine = await repo.studentApplications(studentId, [...new Set(panels.map((p) => p.panel.jobId))]);
      const interviews = ids.length ? await repo.interviews({ driveDayIds: ids, studentId }) : [];
      const taken = await repo.panelTaken(panels.filter((p) => p.panel.selfBooking).map((p) => p.panel.id));
      const result: StudentDriveDays['days'] = [];
      for (const d of days) {
        const dayPanels = panels.filter((p) => p.panel.driveDayId === d.id);
        const at = (p: PanelJoin) => mine.find((a) => a.jobId === p.panel.jobId && a.stage === p.panel.stage);
        const allotted = [
          ...new Map(
            dayPanels.filter((p) => !p.panel.selfBooking && at(p)).map((p) => [at(p)!.id, p]),
          ).values(),
        ];
        const dayInterviews = interviews.filter((i) => i.driveDayId === d.id);
        const bookable = dayPanels.filter((p) => p.panel.selfBooking && at(p));
        if (allotted.length === 0 && dayInterviews.length === 0 && bookable.length === 0) continue;
        const ranks = new Map((await repo.rankings(d.id, studentId)).map((r) => [r.applicationId, r.rank]));
        const ranking = allotted
          .map((p) => ({
            applicationId: at(p)!.id,
            title: `${p.panel.stage} — ${p.role} at ${p.company}`,
            ranked: ranks.has(at(p)!.id),
            rank: ranks.get(at(p)!.id) ?? Number.MAX_SAFE_INTEGER,
          }))
          .sort((a, b) => a.rank - b.rank)
          .map(({ rank: _rank, ...r }) => r);
        result.push({
          day: { id: d.id, date: d.date, status: d.status, rankingCutoff: d.rankingCutoff.toISOString() },
          rankingOpen: d.status === 'draft' && clock.now() < d.rankingCutoff,
          ranking,
          interviews: dayInterviews.map(interviewView),
          booking: bookable.map((p) => ({
            panelId: p.panel.id,
            title: `${p.panel.stage} — ${p.role} at ${p.company}`,
            place: placeOf(p.roomName, p.panel.onlineLink),
            bookingDeadline: p.panel.bookingDeadline?.toISOString() ?? '',
            slots: panelSlots(enginePanel(p.panel)).map((s) => ({
              slot: s.slot,
              start: instantOf(d.date, s.start).toISOString(),
              end: instantOf(d.date, s.end).toISOString(),
              free: !taken.some((t) => t.panelId === p.panel.id && t.slot === s.slot),
            })),
          })),
        });
      }
      const next: StudentDriveDays['next'] = [];
      for (const d of days) {
        const waiting = interviews.filter((i) => i.driveDayId === d.id && i.checkedInAt && !i.calledInAt);
        if (d.status !== 'published' || waiting.length === 0) continue;
        const all = await repo.interviews({ driveDayIds: [d.id] });
        for (const i of waiting) {
          const p = panels.find((x) => x.panel.id === i.panelId);
          if (!p) continue;
          const board = boardPanelOf(p, all, (minute) => instantOf(d.date, minute));
          if (board.nextId !== i.id) continue;
          const expected = Date.parse(board.entries.find((e) => e.interviewId === i.id)!.expected);
          const minutes = Math.max(0, Math.round((expected - clock.now().getTime()) / 60_000));
          next.push({
            interviewId: i.id,
            message: boardMessages.youAreNext(p.company, board.place, minutes),
          });
        }
      }
      const policy = await deps.placementPolicyService.current();
      const noShows = await repo.ledger({ studentId, since: clock.startOf(seasonStart(clock.today())) });
      const counted = noShows.filter((n) => n.waivedAt === null).length;
      const standing = await repo.standing(studentId);
      let explanation: string | null = null;
      if (
        standing?.status === 'Debarred' &&
        isPenalty(standing.debarReason) &&
        standing.debarredUntil &&
        standing.debarredUntil >= clock.today()
      )
        explanation = messages.penaltyExplained(
          counted,
          policy.noShowLimit,
          policy.noShowDebarDays,
          standing.debarredUntil,
        );
      else if (counted > 0 && policy.noShowLimit > 0)
        explanation = messages.penaltyWarning(counted, policy.noShowLimit);
      return { days: result, next, penalty: { noShows: noShows.map(noShowView), explanation } };
    },

    /** Books (or rebooks) a slot; two students booking one slot at once: one row, the other told the slot is gone. */
    async book(student: SessionAccount, id: string, body: { panelId: string; slot: number }) {
      const day = await dayOr404(id);
      const p = (await repo.panels([id])).find((x) => x.panel.id === body.panelId && x.panel.selfBooking);
      if (!p) throw new NotFound(messages.itemNotFound);
      if (!p.panel.bookingDeadline || clock.now() >= p.panel.bookingDeadline)
        throw new Conflict(messages.bookingClosed);
      const [application] = (await repo.studentApplications(student.id, [p.panel.jobId])).filter(
        (a) => a.stage === p.panel.stage,
      );
      if (!application) throw new Forbidden(messages.notAtStage);
      const slot = panelSlots(enginePanel(p.panel)).find((s) => s.slot === body.slot);
      if (!slot) throw new BadRequest(messages.slotUnknown);
      const [sequence] = await repo.applicationSequences([application.id]);
      const startAt = instantOf(day.date, slot.start);
      const place = placeOf(p.roomName, p.panel.onlineLink);
      const next = (sequence?.calendarSequence ?? 0) + 1;
      const booked = await repo.book({
        interview: {
          driveDayId: id,
          panelId: p.panel.id,
          slot: slot.slot,
          studentId: student.id,
          applicationId: application.id,
          startAt,
          endAt: instantOf(day.date, slot.end),
          calendarUid: stageUid(application.id, p.panel.stage, host),
          calendarSequence: next,
          booked: true,
        },
        schedule: { at: startAt, place, sequence: next },
        tidings: {
          notices: [
            {
              accountId: p.companyId,
              sender: messages.sender,
              title: messages.companyNoticeTitle(day.date),
              body: `${student.name} booked ${when(startAt)} (${p.role}, ${p.panel.stage}).`,
              aboutStudentId: student.id,
            },
          ],
          emails: [],
        },
      });
      if (!booked) throw new Conflict(messages.slotsGone);
      return messages.booked;
    },

    /** One of the student's interviews as a calendar file (the stage's UID: adding it twice updates it). */
    async invite(student: Pick<SessionAccount, 'id' | 'collegeId'>, interviewId: string) {
      const [i] = await repo.interviews({ id: interviewId, studentId: student.id });
      if (!i) throw new NotFound(messages.itemNotFound);
      const origin = await originOf(student.collegeId);
      return inviteOf(origin, scheduled(i), i.endAt, { name: nameOf(i), email: i.email }, 'PUBLISH');
    },
  };
}
export type DriveDaysService = ReturnType<typeof createDriveDaysService>;
