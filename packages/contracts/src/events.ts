import { z } from 'zod';
import { stage } from './applications.ts';
import { closedObject, controlCharacter, EARLIEST_INSTANT, requiredText } from './common.ts';
import { events as messages, http } from './messages.ts';

/*
 * Events (modules/events): pre-placement talks, tests and group discussions that staff make for
 * their college or a company makes for one of its jobs. Students the event is open to register;
 * past its capacity they wait in order and are promoted when a place opens. At the door the
 * student's phone shows a QR code the server signed, which changes every `codeLifetimeMs`; staff
 * (or the owning company) scan it and the attendance is recorded once.
 */

export const eventKinds = ['Pre-placement talk', 'Test', 'Group discussion'] as const;
export const eventKind = z.enum(eventKinds, { error: messages.kind });
export type EventKind = z.infer<typeof eventKind>;

/**
 * Who may register: every student of the college, the students eligible for the event's job (its
 * criteria, as the vacancy list decides them), or the applicants now at a stage of that job.
 */
export const eventAudiences = ['college', 'eligible', 'stage'] as const;
export const eventAudience = z.enum(eventAudiences, { error: messages.audience });
export type EventAudience = z.infer<typeof eventAudience>;
export const audienceLabels: Record<EventAudience, string> = {
  college: 'Everyone in the college',
  eligible: 'Students eligible for the job',
  stage: 'The job’s applicants at a stage',
};

/** A waiting list holds at most this many: with the places (at most 5,000), an event's list stays bounded. */
export const maxWaiting = 1000;

/** How long an attendance code is accepted after the server signed it; the phone shows a new one as often. */
export const codeLifetimeMs = 30_000;

const instant = z.iso
  .datetime({ offset: true, error: messages.instant })
  .refine((value) => Date.parse(value) >= EARLIEST_INSTANT, { error: messages.instant });

/** An optional text: no control character nor a surrogate half (the database would refuse it). */
const optionalText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .refine((value) => !controlCharacter.test(value), { error: http.controlCharacters });

const onlineLink = z
  .string({ error: messages.onlineLink })
  .trim()
  .max(500, { error: messages.onlineLink })
  .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), { error: messages.onlineLink })
  .refine((value) => !controlCharacter.test(value), { error: http.controlCharacters });

export const createEventBody = closedObject({
  kind: eventKind,
  title: requiredText(messages.title, 120),
  description: optionalText(messages.description, 2000),
  startsAt: instant,
  endsAt: instant,
  place: optionalText(messages.place, 200),
  onlineLink,
  capacity: z
    .number({ error: messages.capacity })
    .int({ error: messages.capacity })
    .min(1, { error: messages.capacity })
    .max(5000, { error: messages.capacity }),
  audience: eventAudience,
  jobId: z.uuid({ error: messages.jobRequired }).nullable(),
  stage: stage.nullable(),
  /** The job then requires attending this event to apply (jobs.required_event_id). */
  requiredToApply: z.boolean(),
}).superRefine((body, ctx) => {
  if (Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: messages.endsBeforeStart });
  }
  if (body.place === '' && body.onlineLink === '') {
    ctx.addIssue({ code: 'custom', path: ['place'], message: messages.placeOrLink });
  }
  if (body.audience !== 'college' && body.jobId === null) {
    ctx.addIssue({ code: 'custom', path: ['jobId'], message: messages.jobRequired });
  }
  if (body.requiredToApply && body.jobId === null) {
    ctx.addIssue({ code: 'custom', path: ['requiredToApply'], message: messages.requiredNeedsJob });
  }
  if (body.audience === 'stage' && body.stage === null) {
    ctx.addIssue({ code: 'custom', path: ['stage'], message: messages.stage });
  }
});
export type CreateEventBody = z.input<typeof createEventBody>;

/**
 * A change of an event's time or place by staff or its company: its registered and waiting
 * students are told (a notification and an email).
 */
export const updateEventBody = closedObject({
  startsAt: instant,
  endsAt: instant,
  place: optionalText(messages.place, 200),
  onlineLink,
}).superRefine((body, ctx) => {
  if (Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: messages.endsBeforeStart });
  }
  if (body.place === '' && body.onlineLink === '') {
    ctx.addIssue({ code: 'custom', path: ['place'], message: messages.placeOrLink });
  }
});
export type UpdateEventBody = z.input<typeof updateEventBody>;

export const eventParams = z.object({ id: z.uuid({ error: messages.notFound }) });

export const placementEvent = z.object({
  id: z.string(),
  kind: eventKind,
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  onlineLink: z.string(),
  capacity: z.number(),
  audience: eventAudience,
  jobId: z.string().nullable(),
  /** "Engineer at Globex"; null for an event of no job. */
  job: z.string().nullable(),
  stage: stage.nullable(),
  requiredToApply: z.boolean(),
  /** "Placement cell", or the company that made it. */
  organiser: z.string(),
  /** When it was cancelled (registration is then closed); null while it stands. */
  cancelledAt: z.string().nullable(),
  registered: z.number(),
  waiting: z.number(),
  attended: z.number(),
});
export type PlacementEvent = z.infer<typeof placementEvent>;

export const registrationStatuses = ['registered', 'waiting'] as const;
export const registrationStatus = z.enum(registrationStatuses);
export type RegistrationStatus = z.infer<typeof registrationStatus>;

export const eventRegistration = z.object({
  studentId: z.string(),
  student: z.string(),
  rollNumber: z.string().nullable(),
  status: registrationStatus,
  registeredAt: z.string(),
  attendedAt: z.string().nullable(),
});
export type EventRegistration = z.infer<typeof eventRegistration>;

/** An event with who registered, who waits (in order) and who attended: staff's and the organising company's view. */
export const eventDetail = z.object({
  event: placementEvent,
  registrations: z.array(eventRegistration),
});
export type EventDetail = z.infer<typeof eventDetail>;

/** An event open to the student, with their place: registered, waiting (their position) or none. */
export const studentEvent = placementEvent.omit({ registered: true, waiting: true, attended: true }).extend({
  full: z.boolean(),
  mine: z
    .object({
      status: registrationStatus,
      /** 1 for the first on the waiting list; null once registered. */
      position: z.number().nullable(),
      attendedAt: z.string().nullable(),
    })
    .nullable(),
});
export type StudentEvent = z.infer<typeof studentEvent>;

export const attendanceCode = z.object({
  /** The payload of the QR code: signed by the server, accepted for `codeLifetimeMs`. */
  code: z.string(),
  issuedAt: z.string(),
});
export type AttendanceCode = z.infer<typeof attendanceCode>;

export const scanBody = closedObject({
  code: z.string({ error: messages.code }).trim().min(1, { error: messages.code }).max(400, {
    error: messages.codeForged,
  }),
});

export const scanResult = z.object({
  outcome: z.enum(['recorded', 'alreadyRecorded']),
  student: z.string(),
  /** What the scan page says: "Attendance recorded: Asha Iyer." */
  text: z.string(),
});
export type ScanResult = z.infer<typeof scanResult>;

/** A job an event may be for, as staff pick it: the college's open jobs. */
export const eventJobChoice = z.object({ id: z.string(), role: z.string(), company: z.string() });
export type EventJobChoice = z.infer<typeof eventJobChoice>;
