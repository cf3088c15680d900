import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { placementCell } from '@portal/contracts/messages';
import { type PlaceholderValues, TIMELINE_MESSAGES } from '@portal/contracts/messaging';
import type { Database } from '../../db/client.ts';
import { messageRecipients, messages } from '../../db/schema.ts';

/**
 * The messages sent to each application, its newest `perApplication` (the timeline's "Message:"
 * entries), oldest first. Used by the pipeline (the company's view) and applications (the student's).
 */
function messagesForApplications(
  db: Pick<Database, 'select'>,
  applicationIds: string[],
  perApplication: number,
) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  const ranked = db
    .select({
      applicationId: messageRecipients.applicationId,
      stage: messages.stage,
      subject: messageRecipients.subject,
      body: messageRecipients.body,
      senderName: messages.senderName,
      createdAt: messages.createdAt,
      messageId: messages.id,
      rank: sql<number>`row_number() over (partition by ${messageRecipients.applicationId} order by ${messages.createdAt} desc, ${messages.id} desc)`.as(
        'rank',
      ),
    })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(inArray(messageRecipients.applicationId, applicationIds))
    .as('ranked');
  return db
    .select({
      applicationId: ranked.applicationId,
      stage: ranked.stage,
      subject: ranked.subject,
      body: ranked.body,
      senderName: ranked.senderName,
      createdAt: ranked.createdAt,
    })
    .from(ranked)
    .where(lte(ranked.rank, perApplication))
    .orderBy(asc(ranked.createdAt), asc(ranked.messageId));
}
export type TimelineMessage = Awaited<ReturnType<typeof messagesForApplications>>[number];

/**
 * The "Message:" entries of applications' timelines (merged with the stage changes by timeline.ts):
 * what the pipeline (the company's view) and applications (the student's) read of messaging.
 */
export function createTimelineReader(db: Database) {
  return {
    /** The newest TIMELINE_MESSAGES messages of each application, oldest first. */
    timeline: (applicationIds: string[]) => messagesForApplications(db, applicationIds, TIMELINE_MESSAGES),
  };
}
export type TimelineReader = ReturnType<typeof createTimelineReader>;

/**
 * The placeholders of a message as filled for one recipient: a company's message (`stage` set) is
 * from the company about its job's role at that stage; staff's is from the placement cell. Erasure
 * (modules/own-data) fills a stored message again with the name it leaves.
 */
export function placeholderValuesFor(
  message: { company: string; jobRole: string; stage: string | null },
  firstName: string,
): PlaceholderValues {
  return message.stage === null
    ? { firstName, jobRole: '', company: placementCell.sender, stage: '' }
    : { firstName, jobRole: message.jobRole, company: message.company, stage: message.stage };
}
