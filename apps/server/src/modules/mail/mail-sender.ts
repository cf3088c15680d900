import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { MailTransport } from '../../lib/mail.ts';
import type { OutboxRepo } from './outbox.repo.ts';
import { linksForCollege } from './college-links.ts';

/** Attempts before an email is given up on (retries over about an hour with the waits below). */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** How long a claimed email is held: a send that has not finished by then is tried again. */
const LEASE_MS = 5 * 60_000;
/** Sent emails are kept this long as a record, then deleted. */
const KEEP_SENT_MS = 30 * 24 * 3_600_000;

/** The wait before attempt n + 1: 30 s, 1 min, 2 min, ... at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'unknown error';

/**
 * Sends what the outbox holds, a batch at a time: the mail worker (workers.ts) runs `sendBatch`
 * when a service wakes it after a transaction that queued email has committed, and on a timer for
 * retries and for anything a previous run left (a crash or restart loses no email). Each batch is
 * claimed with FOR UPDATE SKIP LOCKED under a lease, so several server processes send each email
 * once. A failed send is logged and retried; it never reaches the request that queued it.
 */
export function createMailSender(deps: {
  outboxRepo: OutboxRepo;
  transport: MailTransport;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Keep the text of sent emails (for the development outbox page); otherwise it is blanked. */
  keepBodies: boolean;
  clock: Pick<Clock, 'now' | 'fromNow'>;
  /** APP_URL: the links services write start with it; each is moved to the recipient's college. */
  appUrl: string;
}) {
  const { outboxRepo, transport, log, clock } = deps;

  return {
    /** Sends the emails due now, up to a batch; true when the batch was full (more may be due). */
    async sendBatch(): Promise<boolean> {
      const claimed = await outboxRepo.claimDue(clock.now(), BATCH, LEASE_MS);
      const colleges = await outboxRepo.collegesOf([
        ...new Set(claimed.flatMap((e) => (e.accountId ? [e.accountId] : []))),
      ]);
      for (const email of claimed) {
        try {
          const college = colleges.find((c) => c.accountId === email.accountId) ?? null;
          const text = linksForCollege(email.body, deps.appUrl, college);
          await transport.send({
            to: email.recipient,
            subject: email.subject,
            text,
            ...(email.attachments.length ? { attachments: email.attachments } : {}),
          });
          await outboxRepo.markSent(email.id, clock.now(), deps.keepBodies ? text : null);
          log.info({ emailId: email.id, kind: email.kind }, 'email sent');
        } catch (error) {
          const reason = reasonOf(error);
          if (email.attempts >= MAX_ATTEMPTS) {
            await outboxRepo.markFailed(email.id, clock.now(), reason);
            log.error(
              { emailId: email.id, kind: email.kind, attempts: email.attempts, reason },
              'email given up',
            );
          } else {
            await outboxRepo.markRetry(email.id, clock.fromNow(retryDelayMs(email.attempts)), reason);
            log.warn(
              { emailId: email.id, kind: email.kind, attempts: email.attempts, reason },
              'email send failed, will retry',
            );
          }
        }
      }
      return claimed.length === BATCH;
    },

    /** Forgets the emails sent more than KEEP_SENT_MS ago. */
    pruneSent: () => outboxRepo.pruneSent(clock.fromNow(-KEEP_SENT_MS)),
  };
}
