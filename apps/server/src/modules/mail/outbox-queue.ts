import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import type { Email } from '../../lib/mail.ts';
import type { Worker } from '../../lib/worker.ts';

/*
 * The outbox's queue, for every module: a repo queues its emails inside its own transaction
 * (`enqueueEmails`), and its service wakes the mail worker (workers.ts) once that has committed.
 */

/**
 * An email to queue, with its kind (password-reset, stage-change, ...) for the log and the outbox
 * page, and the account it goes to: erasing that account deletes it, whichever address it went to.
 */
export type QueuedEmail = Email & { kind: string; accountId: string };

/**
 * Queues emails with whatever database or transaction is given, so a service's change and the
 * emails about it commit or roll back together.
 */
export async function enqueueEmails(executor: Pick<Database, 'insert'>, emails: QueuedEmail[]) {
  if (emails.length === 0) return;
  await executor.insert(outboxEmails).values(
    emails.map((e) => ({
      kind: e.kind,
      recipient: e.to,
      accountId: e.accountId,
      subject: e.subject,
      body: e.text,
      attachments: e.attachments ?? [],
    })),
  );
}

/** What services need of the mail worker: a nudge once their transaction has committed. */
export type MailQueue = Pick<Worker, 'wake'>;
