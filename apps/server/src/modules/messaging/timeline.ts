import type { StageChange } from '@portal/contracts/applications';
import type { TimelineMessage } from './messaging.read.ts';

/**
 * A timeline with its messages in place: each "Message:" entry among the stage changes by time
 * (a message sent at a stage follows the move that reached it).
 */
export function withMessages(history: StageChange[], sent: TimelineMessage[]): StageChange[] {
  if (sent.length === 0) return history;
  const entries = sent.map((m): StageChange => ({
    stage: m.stage ?? 'Form Submitted',
    at: m.createdAt.toISOString(),
    by: m.senderName,
    message: { subject: m.subject, body: m.body },
  }));
  // A stable sort keeps each list's own order for entries of the same instant.
  return [...history, ...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
