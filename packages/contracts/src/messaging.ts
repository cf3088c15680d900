import { z } from 'zod';
import { stage } from './applications.ts';
import { pageOf, requiredText } from './common.ts';
import { messaging } from './messages.ts';
import { studentListQuery } from './staff.ts';

/** The placeholders a message may hold, each filled per recipient. */
export const placeholders = ['firstName', 'jobRole', 'company', 'stage'] as const;
export type Placeholder = (typeof placeholders)[number];
export const placeholderValues = z.object({
  firstName: z.string(),
  jobRole: z.string(),
  company: z.string(),
  stage: z.string(),
});
export type PlaceholderValues = z.infer<typeof placeholderValues>;

export const MAX_SUBJECT = 150;
export const MAX_BODY = 5_000;
/** The most recipients one message may have. */
export const MAX_RECIPIENTS = 5_000;
/** The most messages an application's timeline shows (its newest). */
export const TIMELINE_MESSAGES = 20;
/** The most messages one sender may send in an hour. */
export const MESSAGES_PER_HOUR = 20;

const placeholderPattern = /\{([^{}\s]*)\}/g;

/** The `{names}` in a text that are not placeholders, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(placeholderPattern)) {
    if (!(placeholders as readonly string[]).includes(name!)) unknown.add(name!);
  }
  return [...unknown];
}

/**
 * Fills a message's placeholders for one recipient: the one filler, used by the server to send
 * and by the web's live preview. Anything else in braces is left as written (the schema refuses it).
 */
export function fillPlaceholders(template: string, values: PlaceholderValues): string {
  return template.replace(placeholderPattern, (whole, name: string) =>
    (placeholders as readonly string[]).includes(name) ? values[name as Placeholder] : whole,
  );
}

const withKnownPlaceholders = <T extends z.ZodType<string, string>>(text: T) =>
  text.superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value);
    if (unknown.length) ctx.addIssue({ code: 'custom', message: messaging.unknownPlaceholders(unknown) });
  });

/** A message's subject and body, as written (placeholders unfilled). */
export const messageText = z.object({
  subject: withKnownPlaceholders(requiredText(messaging.subject, MAX_SUBJECT)),
  body: withKnownPlaceholders(requiredText(messaging.body, MAX_BODY)),
});
export type MessageText = z.infer<typeof messageText>;

/** `POST /api/company/jobs/:id/messages`: to every applicant of the job at `stage`. */
export const stageMessageBody = messageText.extend({ stage });
export type StageMessageBody = z.input<typeof stageMessageBody>;

/** `POST /api/company/jobs/:id/messages/preview`: as sending, optionally for one application. */
export const stageMessagePreviewBody = stageMessageBody.extend({
  applicationId: z.uuid({ error: messaging.applicantNotFound }).optional(),
});
export type StageMessagePreviewBody = z.input<typeof stageMessagePreviewBody>;

/** The staff student list's filters, without its paging: who a staff message goes to. */
export const studentFilters = studentListQuery.omit({ page: true, pageSize: true });

/** `POST /api/college-staff/messages` (and its preview): the list's filters with the text. */
export const staffMessageBody = messageText.extend({ filters: studentFilters });
export type StaffMessageBody = z.input<typeof staffMessageBody>;

/** What a preview shows: the text filled for one recipient (null when there is none) and how many would receive it. */
export const messagePreview = z.object({
  /** Counted up to MAX_RECIPIENTS + 1, so "more than the most allowed" can be told. */
  recipientCount: z.number().int().nonnegative(),
  /** Who the preview is for, with the values their placeholders take, so a form can refill it live. */
  recipient: z.object({ name: z.string(), values: placeholderValues }).nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
});
export type MessagePreview = z.infer<typeof messagePreview>;

/** A message as its sender's list shows it. */
export const sentMessage = z.object({
  _id: z.string(),
  stage: stage.nullable(),
  subject: z.string(),
  body: z.string(),
  sentBy: z.string(),
  recipientCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type SentMessage = z.infer<typeof sentMessage>;
export const sentMessagePage = pageOf(sentMessage);
export type SentMessagePage = z.infer<typeof sentMessagePage>;
