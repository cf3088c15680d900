import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import { maintainEmbeddedDatabase } from './db/embedded-maintenance.ts';
import type { Clock } from './lib/clock.ts';
import type { MailTransport } from './lib/mail.ts';
import type { Storage } from './lib/storage.ts';
import { createWorker } from './lib/worker.ts';
import { createAnnouncementsRepo } from './modules/announcements/announcements.repo.ts';
import { createAnnouncer } from './modules/announcements/announcer.ts';
import { createLiveRepo } from './modules/live/live.repo.ts';
import { LIVE_KEEP_MS, LIVE_KEEP_PER_ACCOUNT } from './modules/live/live.service.ts';
import { createFilesRepo } from './modules/files/files.repo.ts';
import { sweepOrphanUploads } from './modules/files/orphan-uploads.ts';
import { createMailSender } from './modules/mail/mail-sender.ts';
import { foldCollegeChanges } from './modules/statistics/statistics.repo.ts';
import { createOutboxRepo } from './modules/mail/outbox.repo.ts';
import type { Services } from './services.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every background job the server runs, in one list: what it does, how often, and when it is woken
 * early. app.ts starts them all when the app is ready and stops them all when it closes (each stop
 * waits for its pass under way). Each is safe with several server processes on one database: the
 * mail and announcement queues claim rows with FOR UPDATE SKIP LOCKED under a lease, the others
 * update or delete with conditions that hold once.
 */
export function createWorkers(deps: {
  db: Database;
  services: Pick<Services, 'offersService' | 'notificationsService' | 'emailChangeService'>;
  transport: MailTransport;
  /** Keep the text of sent emails (the development outbox page shows them). */
  keepSentBodies: boolean;
  /** APP_URL: where the links of emails start, before each is moved to its recipient's college. */
  appUrl: string;
  storage: Storage;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The embedded database, which has no autovacuum of its own; none on a PostgreSQL server. */
  pglite?: PGlite | undefined;
}) {
  const { db, services, clock, log } = deps;
  const mailSender = createMailSender({
    outboxRepo: createOutboxRepo(db),
    transport: deps.transport,
    log,
    keepBodies: deps.keepSentBodies,
    clock,
    appUrl: deps.appUrl,
  });
  const announcer = createAnnouncer({ announcementsRepo: createAnnouncementsRepo(db), log, clock });
  const { pglite } = deps;

  const workers = [
    // The outbox: woken after each commit that queued email; the timer sends retries when due.
    createWorker({ name: 'mail', everyMs: 15_000, runOnce: () => mailSender.sendBatch(), log }),
    // New-job notifications, written after the response, in batches of students.
    createWorker({
      name: 'announcements',
      everyMs: 30_000,
      runOnce: (signal) => announcer.deliverNext(signal),
      log,
    }),
    // Offers past their decide-by date lapse, so their notices go out even when nobody looks.
    createWorker({
      name: 'offer-lapses',
      everyMs: 5 * MINUTE,
      runOnce: async () => void (await services.offersService.lapseDue()),
      log,
    }),
    // Email changes whose 72-hour wait is over send their confirmation links (and whenever someone
    // looks at the change: emailChangeService.pending).
    createWorker({
      name: 'email-change-links',
      everyMs: 5 * MINUTE,
      runOnce: async () => void (await services.emailChangeService.sendDue()),
      log,
    }),
    // Notifications after 90 days, sent emails after 30, delivered announcements after 7.
    createWorker({
      name: 'pruning',
      everyMs: HOUR,
      runOnce: async () => {
        await services.notificationsService.pruneOld();
        await mailSender.pruneSent();
        await announcer.pruneDone();
      },
      log,
    }),
    // Live events older than a few hours, and beyond the last few hundred of an account: a
    // browser reconnecting after longer refetches what it shows instead of replaying.
    createWorker({
      name: 'live-events',
      everyMs: 10 * MINUTE,
      runOnce: async () =>
        void (await createLiveRepo(db).prune(clock.fromNow(-LIVE_KEEP_MS), LIVE_KEEP_PER_ACCOUNT)),
      log,
    }),
    // The change rows a college's cached figures are counted by (migration 0040), folded into each
    // college's count once a minute old: the count a staff page reads stays a few index entries.
    createWorker({
      name: 'college-changes',
      everyMs: MINUTE,
      runOnce: async () => void (await foldCollegeChanges(db, clock.fromNow(-MINUTE))),
      log,
    }),
    // Uploaded files no record names (an upload or a replacement cut short by a crash).
    createWorker({
      name: 'upload-sweep',
      everyMs: 24 * HOUR,
      runOnce: async () => {
        const { orphans, unfinished } = await sweepOrphanUploads({
          storage: deps.storage,
          filesRepo: createFilesRepo(db),
          clock,
        });
        log.info(
          { orphans, unfinished },
          `upload sweep: removed ${orphans} files no record names and ${unfinished} unfinished writes`,
        );
      },
      log,
    }),
    // The embedded database's autovacuum: a minute after start, then ten minutes after each pass.
    ...(pglite
      ? [
          createWorker({
            name: 'database-maintenance',
            firstAfterMs: MINUTE,
            everyMs: 10 * MINUTE,
            runOnce: async () => {
              const done = await maintainEmbeddedDatabase(pglite);
              if (done.length > 0) log.info({ tables: done }, 'embedded database maintenance');
            },
            log,
          }),
        ]
      : []),
  ];
  type Name = (typeof workers)[number]['name'];
  const byName = (name: Name) => workers.find((w) => w.name === name);

  return {
    names: workers.map((w) => w.name),
    startAll() {
      for (const worker of workers) worker.start();
    },
    /** Stops every worker, after the pass each has under way, then closes the mail connection. */
    async stopAll() {
      await Promise.all(workers.map((worker) => worker.stop()));
      deps.transport.close();
    },
    /** Runs the worker soon (services call it after a commit that gave it work). */
    wake(name: Name) {
      byName(name)?.wake();
    },
    /** Runs the worker until nothing is left (tests wait on it instead of sleeping). */
    async drain(name: Name) {
      await byName(name)?.drain();
    },
  };
}
export type Workers = ReturnType<typeof createWorkers>;
