import type { Database } from '../../db/client.ts';
import { jobAnnouncements } from '../../db/schema.ts';
import type { Worker } from '../../lib/worker.ts';

/*
 * Announcing a new job, for the modules that post or approve: a repo queues the announcement inside
 * its own transaction (`enqueueAnnouncements`), and its service wakes the announcements worker
 * (workers.ts, which delivers it with announcer.ts) once that has committed.
 */

/**
 * A job to announce: who it is from, what the students read, and who may hear of it: the job's
 * criteria and the verification setting, as `eligibleStudentSql` reads them.
 */
export type NewAnnouncement = {
  jobId: string;
  sender: string;
  title: string;
  body: string;
  verifiedOnly: boolean;
  minCgpa: number | null;
  /** The labels as the job shows them. */
  degrees: string[];
  /** The job's programme targets (contracts/programmes.ts); empty: any programme. */
  programmes: string[];
  /** Empty: any year of passing. */
  years: number[];
  /** The colleges whose students hear of it: those the job is posted to that allow its company. */
  colleges: number[];
};

/**
 * Queues announcements with whatever database or transaction is given, so a job and its
 * announcement (or an approval and its company's announcements) commit or roll back together.
 */
export async function enqueueAnnouncements(executor: Pick<Database, 'insert'>, rows: NewAnnouncement[]) {
  if (rows.length > 0) await executor.insert(jobAnnouncements).values(rows);
}

/** What services need of the announcements worker: a nudge once their transaction has committed. */
export type AnnouncementQueue = Pick<Worker, 'wake'>;
