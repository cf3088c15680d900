import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../../lib/mail.ts';
import type { OutboxRepo } from './outbox.repo.ts';

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
 * Sends what the outbox holds. Services queue emails in their own transaction and call `wake()`
 * once it has committed; a timer also picks up retries and anything left by a previous run (a
 * crash or restart loses no email). A failed send is logged and retried; it never reaches the
 * request that queued it.
 */
export function createMailSender(deps: {
  outboxRepo: OutboxRepo;
  transport: MailTransport;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Keep the text of sent emails (for the development outbox page); otherwise it is blanked. */
  keepBodies: boolean;
  pollMs?: number;
  now?: () => Date;
}) {
  const { outboxRepo, transport, log } = deps;
  const now = deps.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function sendDue() {
    for (;;) {
      const claimed = await outboxRepo.claimDue(now(), BATCH, LEASE_MS);
      for (const email of claimed) {
        try {
          await transport.send({
            to: email.recipient,
            subject: email.subject,
            text: email.body,
            ...(email.attachments.length ? { attachments: email.attachments } : {}),
          });
          await outboxRepo.markSent(email.id, now(), deps.keepBodies);
          log.info({ emailId: email.id, kind: email.kind }, 'email sent');
        } catch (error) {
          const reason = reasonOf(error);
          if (email.attempts >= MAX_ATTEMPTS) {
            await outboxRepo.markFailed(email.id, now(), reason);
            log.error(
              { emailId: email.id, kind: email.kind, attempts: email.attempts, reason },
              'email given up',
            );
          } else {
            const next = new Date(now().getTime() + retryDelayMs(email.attempts));
            await outboxRepo.markRetry(email.id, next, reason);
            log.warn(
              { emailId: email.id, kind: email.kind, attempts: email.attempts, reason },
              'email send failed, will retry',
            );
          }
        }
      }
      if (claimed.length < BATCH || stopped) return;
    }
  }

  /** Sends everything due; a call during a run makes that run look once more when it finishes. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await sendDue();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, 'mail sender could not read the outbox');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** Called after a transaction that queued email has committed. */
    wake() {
      if (!stopped) void run();
    },
    run,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => {
        void run().then(() => outboxRepo.pruneSent(new Date(now().getTime() - KEEP_SENT_MS)).catch(() => {}));
      }, deps.pollMs ?? 15_000);
      timer.unref();
      void run();
    },
    /** Stops the timer and waits for a send under way, so shutting down cuts no email in half. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
export type MailSender = ReturnType<typeof createMailSender>;
/** What services need of the sender: a nudge once their transaction has committed. */
export type MailQueue = Pick<MailSender, 'wake'>;
