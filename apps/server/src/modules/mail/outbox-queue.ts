import { type SQL, sql } from 'drizzle-orm';
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

/**
 * `enqueueEmails` for thousands of emails at once (a student import's invitations): the rows go
 * as one JSON value rather than six parameters each, which the embedded database binds slowly.
 */
export async function enqueueManyEmails(executor: Pick<Database, 'execute'>, emails: QueuedEmail[]) {
  if (emails.length === 0) return;
  const rows = emails.map((e) => ({
    kind: e.kind,
    recipient: e.to,
    account_id: e.accountId,
    subject: e.subject,
    body: e.text,
    attachments: e.attachments ?? [],
  }));
  await executor.execute(sql`
    insert into ${outboxEmails} (kind, recipient, account_id, subject, body, attachments)
    select r.kind, r.recipient, r.account_id, r.subject, r.body, r.attachments
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(kind text, recipient text,
      account_id uuid, subject text, body text, attachments jsonb)`);
}

/**
 * Queues one email to each account `recipients` selects (a query of two columns: the account's
 * id and the address), in one statement however many there are: an event's change told to its
 * thousands of registered students.
 */
export async function enqueueEmailEach(
  executor: Pick<Database, 'execute'>,
  recipients: SQL,
  email: Omit<QueuedEmail, 'to' | 'accountId' | 'attachments'>,
) {
  await executor.execute(sql`
    insert into ${outboxEmails} (kind, recipient, account_id, subject, body)
    select ${email.kind}::text, chosen.address, chosen.id, ${email.subject}::text, ${email.text}::text
    from (${recipients}) as chosen(id, address)`);
}

/** What services need of the mail worker: a nudge once their transaction has committed. */
export type MailQueue = Pick<Worker, 'wake'>;
