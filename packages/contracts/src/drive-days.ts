import { z } from 'zod';
import { closedObject, EARLIEST_INSTANT, isCalendarDate, requiredText } from './common.ts';
import { board as boardMessages, driveDays as messages } from './messages.ts';

/*
 * Drive days: a day on which many companies interview on campus at once. Staff declare the day and
 * its rooms; companies (or staff for them) set panels for their jobs' interview stages; students
 * rank their companies before the cut-off; staff run the allotment, look at the preview and publish.
 * Times of the day travel as "HH:MM" in the deployment's time zone; instants as ISO strings.
 */

/** The interview stages a panel may interview for. */
export const driveDayStages = ['Technical Interview', 'HR Interview'] as const;
export const driveDayStage = z.enum(driveDayStages, { error: messages.stage });
export type DriveDayStage = z.infer<typeof driveDayStage>;

/** "09:30" → 570; the minutes from the day's midnight. */
export const minuteOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};
/** 570 → "09:30". */
export const timeOfMinute = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const timeOfDay = z
  .string({ error: messages.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.time });
/** An ISO date-time PostgreSQL can store (it has no year 0). */
const instant = z.iso
  .datetime({ offset: true, error: messages.instant })
  .refine((value) => Date.parse(value) >= EARLIEST_INSTANT, { error: messages.instant });

export const declareDriveDayBody = closedObject({
  date: z.string({ error: messages.date }).refine(isCalendarDate, { error: messages.date }),
  gapMinutes: z
    .number({ error: messages.gap })
    .int({ error: messages.gap })
    .min(0, { error: messages.gap })
    .max(120, { error: messages.gap }),
  rankingCutoff: instant,
  rooms: z
    .array(requiredText(messages.roomName, 60), { error: messages.rooms })
    .max(200, { error: messages.rooms })
    .refine((rooms) => new Set(rooms.map((r) => r.toLowerCase())).size === rooms.length, {
      error: messages.roomsUnique,
    }),
});
export type DeclareDriveDayBody = z.input<typeof declareDriveDayBody>;

export const addRoomsBody = closedObject({
  rooms: z
    .array(requiredText(messages.roomName, 60), { error: messages.rooms })
    .min(1, { error: messages.rooms })
    .max(200, { error: messages.rooms }),
});

export const panelBody = closedObject({
  jobId: z.uuid({ error: messages.job }),
  stage: driveDayStage,
  roomId: z.uuid({ error: messages.room }).nullable(),
  onlineLink: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), { error: messages.onlineLink }),
  interviewers: z
    .array(requiredText(messages.interviewers, 100), { error: messages.interviewers })
    .min(1, { error: messages.interviewers })
    .max(10, { error: messages.interviewers }),
  slotMinutes: z
    .number({ error: messages.slotMinutes })
    .int({ error: messages.slotMinutes })
    .min(5, { error: messages.slotMinutes })
    .max(240, { error: messages.slotMinutes }),
  bufferMinutes: z
    .number({ error: messages.bufferMinutes })
    .int({ error: messages.bufferMinutes })
    .min(0, { error: messages.bufferMinutes })
    .max(120, { error: messages.bufferMinutes }),
  start: timeOfDay,
  end: timeOfDay,
  /** The company lets students book this panel's slots instead of the allotment. */
  selfBooking: z.boolean().default(false),
  bookingDeadline: instant.nullable().default(null),
})
  .refine((p) => (p.roomId === null) !== (p.onlineLink === ''), {
    error: messages.roomOrLink,
    path: ['roomId'],
  })
  .refine((p) => minuteOf(p.end) - minuteOf(p.start) >= p.slotMinutes, {
    error: messages.hours,
    path: ['end'],
  })
  .refine((p) => !p.selfBooking || p.bookingDeadline !== null, {
    error: messages.bookingDeadline,
    path: ['bookingDeadline'],
  });
export type PanelBody = z.input<typeof panelBody>;

export const shortlistBody = closedObject({
  jobId: z.uuid({ error: messages.job }),
  stage: driveDayStage,
  /** The applications at the stage, the company's first choice first. */
  applicationIds: z.array(z.uuid()).max(5000),
});

export const rankingBody = closedObject({
  /** The student's applications interviewing on the day, the most wanted first. */
  applicationIds: z.array(z.uuid()).min(1, { error: messages.rankingEmpty }).max(100),
});

/** The kinds of change on the day, as `dayChangeBody` tells them apart. */
export const dayChangeKinds = ['panel-closed', 'running-late', 'student-unavailable'] as const;

export const dayChangeBody = z.discriminatedUnion(
  'kind',
  [
    closedObject({ kind: z.literal(dayChangeKinds[0]), panelId: z.uuid(), at: timeOfDay }),
    closedObject({
      kind: z.literal(dayChangeKinds[1]),
      panelIds: z.array(z.uuid()).min(1).max(100),
      from: timeOfDay,
      minutes: z
        .number()
        .int()
        .min(1, { error: messages.lateMinutes })
        .max(480, { error: messages.lateMinutes }),
    }),
    closedObject({
      kind: z.literal(dayChangeKinds[2]),
      studentId: z.uuid(),
      from: timeOfDay,
      to: timeOfDay.nullable().default(null),
    }),
  ],
  { error: messages.changeKind },
);
export type DayChangeBody = z.input<typeof dayChangeBody>;

export const reasonBody = closedObject({ reason: requiredText(messages.reason, 300) });

export const bookBody = closedObject({ panelId: z.uuid(), slot: z.number().int().min(0).max(1000) });

export const driveDayParams = z.object({ id: z.uuid({ error: messages.notFound }) });
export const driveDayItemParams = z.object({
  id: z.uuid({ error: messages.notFound }),
  itemId: z.uuid({ error: messages.notFound }),
});

export const driveDayStatuses = ['draft', 'published'] as const;

export const room = z.object({ id: z.string(), name: z.string() });

export const driveDay = z.object({
  id: z.string(),
  date: z.string(),
  status: z.enum(driveDayStatuses),
  gapMinutes: z.number(),
  rankingCutoff: z.string(),
  rooms: z.array(room),
  declaredBy: z.string(),
  publishedAt: z.string().nullable(),
});
export type DriveDay = z.infer<typeof driveDay>;

export const panel = z.object({
  id: z.string(),
  jobId: z.string(),
  companyId: z.string(),
  role: z.string(),
  company: z.string(),
  stage: driveDayStage,
  roomId: z.string().nullable(),
  place: z.string(),
  interviewers: z.array(z.string()),
  slotMinutes: z.number(),
  bufferMinutes: z.number(),
  start: z.string(),
  end: z.string(),
  closedFrom: z.string().nullable(),
  lateMinutes: z.number(),
  selfBooking: z.boolean(),
  bookingDeadline: z.string().nullable(),
});
export type Panel = z.infer<typeof panel>;

export const noShow = z.object({
  id: z.string(),
  studentId: z.string(),
  student: z.string(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
  waived: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
  role: z.string(),
  company: z.string(),
});
export type NoShow = z.infer<typeof noShow>;

export const interview = z.object({
  id: z.string(),
  panelId: z.string(),
  slot: z.number(),
  studentId: z.string(),
  student: z.string(),
  applicationId: z.string(),
  role: z.string(),
  company: z.string(),
  stage: driveDayStage,
  start: z.string(),
  end: z.string(),
  place: z.string(),
  booked: z.boolean(),
  noShow: z.object({ reason: z.string(), waived: z.boolean() }).nullable(),
});
export type DriveDayInterview = z.infer<typeof interview>;

export const leftOutReasons = ['capacity', 'clash', 'unavailable', 'no-slots'] as const;

/** The allotment before it is published: each panel's timeline, each student's day, who is left out and why. */
export const allotmentPreview = z.object({
  stats: z.object({
    candidacies: z.number(),
    interviews: z.number(),
    leftOut: z.number(),
    studentsWithoutInterview: z.number(),
    method: z.enum(['solver', 'greedy']),
    milliseconds: z.number(),
  }),
  panels: z.array(
    z.object({
      panelId: z.string(),
      title: z.string(),
      slots: z.array(z.object({ start: z.string(), end: z.string(), student: z.string().nullable() })),
    }),
  ),
  students: z.array(
    z.object({
      studentId: z.string(),
      student: z.string(),
      interviews: z.array(
        z.object({ title: z.string(), start: z.string(), end: z.string(), place: z.string() }),
      ),
    }),
  ),
  leftOut: z.array(
    z.object({ studentId: z.string(), student: z.string(), title: z.string(), reason: z.string() }),
  ),
});
export type AllotmentPreview = z.infer<typeof allotmentPreview>;

export const staffDriveDay = z.object({
  day: driveDay,
  panels: z.array(panel),
  interviews: z.array(interview),
  preview: allotmentPreview.nullable(),
  noShows: z.array(noShow),
});
export type StaffDriveDay = z.infer<typeof staffDriveDay>;

export const dayChanges = z.object({
  moved: z.number(),
  dropped: z.number(),
  added: z.number(),
  lines: z.array(z.string()),
});
export type DayChanges = z.infer<typeof dayChanges>;

/** The company's view of a day: its panels, its interviews, and its shortlists to order. */
export const companyDriveDay = z.object({
  day: driveDay,
  panels: z.array(panel),
  interviews: z.array(interview),
  shortlists: z.array(
    z.object({
      jobId: z.string(),
      role: z.string(),
      stage: driveDayStage,
      applicants: z.array(z.object({ applicationId: z.string(), student: z.string() })),
    }),
  ),
});
export type CompanyDriveDay = z.infer<typeof companyDriveDay>;

export const openSlots = z.object({
  panelId: z.string(),
  title: z.string(),
  place: z.string(),
  bookingDeadline: z.string(),
  slots: z.array(z.object({ slot: z.number(), start: z.string(), end: z.string(), free: z.boolean() })),
});

/** A student's drive days: their interviews, their ranking (until the cut-off) and slots to book. */
export const studentDriveDay = z.object({
  day: driveDay.pick({ id: true, date: true, status: true, rankingCutoff: true }),
  rankingOpen: z.boolean(),
  ranking: z.array(z.object({ applicationId: z.string(), title: z.string(), ranked: z.boolean() })),
  interviews: z.array(interview),
  booking: z.array(openSlots),
});
export type StudentDriveDay = z.infer<typeof studentDriveDay>;

export const studentDriveDays = z.object({
  days: z.array(studentDriveDay),
  /** "You are next at Globex, Room 2, in about 10 minutes": one line per panel the student is next at. */
  next: z.array(z.object({ interviewId: z.string(), message: z.string() })),
  /** The no-shows on the student's record this season and the penalty they brought, explained. */
  penalty: z.object({ noShows: z.array(noShow), explanation: z.string().nullable() }),
});
export type StudentDriveDays = z.infer<typeof studentDriveDays>;

/**
 * The first day of the placement season `today` (YYYY-MM-DD) falls in: seasons run from 1 July to
 * 30 June, so no-shows count towards the penalty within one season.
 */
export const seasonStart = (today: string): string => {
  const year = Number(today.slice(0, 4));
  return today.slice(5) >= '07-01' ? `${year}-07-01` : `${String(year - 1).padStart(4, '0')}-07-01`;
};

/*
 * The room board of a published day: per panel, who is in the room, who waits (checked in, in slot
 * order), who is next, who is done and with which result; staff, the day's coordinators (their
 * scope) and each company (its own panels) see it and act on it in one tap.
 */

/**
 * What a tap on the board does: the student arrived, went into the room, came out; or the last of
 * these is taken back (a tap on the wrong name), while no result was entered (`undoableTap`).
 */
export const boardActions = ['check-in', 'call-in', 'check-out', 'undo'] as const;
export type BoardAction = (typeof boardActions)[number];
/** A result entered at check-out: the application moves to the next stage, or is rejected. */
export const boardResults = ['next-stage', 'rejected'] as const;
export type BoardResult = (typeof boardResults)[number];

export const boardActionBody = closedObject({
  action: z.enum(boardActions, { error: boardMessages.action }),
  result: z.enum(boardResults, { error: boardMessages.result }).nullable().default(null),
}).refine((b) => b.action === 'check-out' || b.result === null, {
  error: boardMessages.resultOnlyAtCheckOut,
  path: ['result'],
});
export type BoardActionBody = z.input<typeof boardActionBody>;
/** A tap as the server reads it (the result defaulted to null). */
export type BoardTap = z.output<typeof boardActionBody>;

/** Where a student stands on the board: not arrived yet, waiting, in the room, done, absent. */
export const boardStates = ['expected', 'waiting', 'in-room', 'done', 'no-show'] as const;
export type BoardState = (typeof boardStates)[number];

/**
 * The tap an undo takes back from a student in this state: their check-in while they wait, their
 * call-in while they are in the room, their check-out when it carried no result (a result moved the
 * application, which is changed on the applicant's page). Null: nothing to undo.
 */
export const undoableTap = (state: BoardState, hasResult: boolean): Exclude<BoardAction, 'undo'> | null =>
  state === 'waiting'
    ? 'check-in'
    : state === 'in-room'
      ? 'call-in'
      : state === 'done' && !hasResult
        ? 'check-out'
        : null;

export const boardEntry = z.object({
  interviewId: z.string(),
  student: z.string(),
  slot: z.number(),
  /** The slot's time moved by the panel's delays. */
  expected: z.string(),
  state: z.enum(boardStates),
  checkedIn: z.object({ at: z.string(), by: z.string() }).nullable(),
  calledIn: z.object({ at: z.string(), by: z.string() }).nullable(),
  checkedOut: z.object({ at: z.string(), by: z.string() }).nullable(),
  result: z.object({ result: z.enum(boardResults), by: z.string() }).nullable(),
  noShow: z.string().nullable(),
});
export type BoardEntry = z.infer<typeof boardEntry>;

export const boardPanel = z.object({
  panelId: z.string(),
  company: z.string(),
  role: z.string(),
  stage: driveDayStage,
  place: z.string(),
  /** Minutes the panel runs late (its delays added up); its expected times include them. */
  lateMinutes: z.number(),
  closedFrom: z.string().nullable(),
  /** The waiting student who goes in next (the first checked in, by slot), if any. */
  nextId: z.string().nullable(),
  entries: z.array(boardEntry),
});
export type BoardPanel = z.infer<typeof boardPanel>;

export const roomBoard = z.object({
  day: z.object({ id: z.string(), date: z.string() }),
  /** Whether the viewer enters results at check-out (staff and companies; coordinators do not). */
  entersResults: z.boolean(),
  panels: z.array(boardPanel),
});
export type RoomBoard = z.infer<typeof roomBoard>;

/** Staff make an account of their college (a student or staff member) a coordinator of one day. */
export const coordinatorBody = closedObject({
  email: z
    .string({ error: boardMessages.coordinatorEmail })
    .trim()
    .min(3, { error: boardMessages.coordinatorEmail })
    .max(254, { error: boardMessages.coordinatorEmail })
    .transform((v) => v.toLowerCase()),
  companyIds: z
    .array(z.uuid({ error: boardMessages.coordinatorScopeUnknown }))
    .max(100)
    .default([]),
  roomIds: z
    .array(z.uuid({ error: boardMessages.coordinatorScopeUnknown }))
    .max(200)
    .default([]),
}).refine((b) => b.companyIds.length + b.roomIds.length > 0, {
  error: boardMessages.coordinatorScope,
  path: ['companyIds'],
});
export type CoordinatorBody = z.input<typeof coordinatorBody>;

export const coordinator = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
  rooms: z.array(room),
  assignedBy: z.string(),
});
export type Coordinator = z.infer<typeof coordinator>;

/** A day the signed-in coordinator looks after, with their scope in words. */
export const coordinatorAssignment = z.object({
  driveDayId: z.string(),
  date: z.string(),
  today: z.boolean(),
  scope: z.array(z.string()),
});
export type CoordinatorAssignment = z.infer<typeof coordinatorAssignment>;
