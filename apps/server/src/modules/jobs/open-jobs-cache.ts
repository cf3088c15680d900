import type { VacancySort } from '@portal/contracts/jobs';
import { decisionKey, type JobFacts } from '../eligibility/eligibility.ts';
import type { JobRow } from './jobs.repo.ts';

export type ListedJob = {
  job: JobRow;
  companyName: string;
  /** The colleges whose students see the job (posted there, and the company allowed there). */
  listedAt: readonly number[];
  /** The role and the company's name in lower case, for the search. */
  roleKey: string;
  companyKey: string;
  /** The location in lower case, for its filter. */
  locationKey: string;
};

/** Each order ends on the job's id, so equal keys keep one order and pages never repeat or skip a job. */
const byId = (a: ListedJob, b: ListedJob) => (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0);
const orders: Record<VacancySort, (a: ListedJob, b: ListedJob) => number> = {
  deadline: (a, b) => a.job.applicationDeadline.localeCompare(b.job.applicationDeadline) || byId(a, b),
  newest: (a, b) => b.job.createdAt.getTime() - a.job.createdAt.getTime() || byId(b, a),
  package: (a, b) =>
    a.job.package === b.job.package
      ? byId(a, b)
      : a.job.package === null
        ? 1
        : b.job.package === null
          ? -1
          : b.job.package - a.job.package,
};

type Sorted = Record<VacancySort, ListedJob[]>;

/**
 * A college's open jobs in one order, with the decision group of each (`decisionKey` on the day):
 * the jobs of one group get the same decision for every student, so a page decides once a group
 * and reads the groups from a compact array instead of visiting every job (two and a half
 * thousand job objects a request, most of them cold in the processor's cache).
 */
export type JobList = {
  jobs: ListedJob[];
  /** Each job's group, in the list's order: an index into `groups`. */
  groupOf: Uint32Array;
  /** One job of each group, as the decision reads it. */
  groups: JobFacts[];
};

type Snapshot = {
  today: string;
  loadedAt: number;
  sorted: Sorted;
  /** Each college's jobs in each order, split off the whole lists when its first student asks. */
  byCollege: Map<number, Record<VacancySort, JobList>>;
};

/** The jobs listed at a college, in each order (a filter of the whole lists keeps their orders), grouped. */
const atCollege = (sorted: Sorted, college: number, today: string): Record<VacancySort, JobList> => {
  const groups: JobFacts[] = [];
  const groupIds = new Map<string, number>();
  const groupOfJob = new Map<ListedJob, number>();
  for (const listed of sorted.deadline) {
    if (!listed.listedAt.includes(college)) continue;
    const key = decisionKey(listed.job, today);
    let id = groupIds.get(key);
    if (id === undefined) {
      id = groups.push(listed.job) - 1;
      groupIds.set(key, id);
    }
    groupOfJob.set(listed, id);
  }
  const at = (list: ListedJob[]): JobList => {
    const jobs = list.filter((l) => groupOfJob.has(l));
    return { jobs, groupOf: Uint32Array.from(jobs, (l) => groupOfJob.get(l)!), groups };
  };
  return { deadline: at(sorted.deadline), newest: at(sorted.newest), package: at(sorted.package) };
};

/**
 * The open jobs every student's vacancy page reads, kept in this process for a few seconds. On
 * placement day hundreds of students open that page in the same minute, and each used to join
 * and sort every open job in the database (7.6 ms of PostgreSQL time each at 1,500 jobs). The set
 * is the same for all of them, so it is read once per `ttlMs`, by one request while the others
 * wait for it, and kept sorted in each order the page offers; what depends on the student (the
 * decision, the applied mark) is worked out per request. A job posted, edited or closed shows
 * within `ttlMs` on every server (at once on the one that changed it). Nothing is decided from
 * this copy: Apply reads the job afresh. The copy's age is measured on the monotonic clock (the
 * day it was read for is the caller's, from the service's clock).
 */
export function createOpenJobsCache(
  load: (today: string) => Promise<{ job: JobRow; companyName: string; listedAt: number[] }[]>,
  { ttlMs = 5_000, now = () => performance.now() }: { ttlMs?: number; now?: () => number } = {},
) {
  let snapshot: Snapshot | null = null;
  let loading: { today: string; promise: Promise<Snapshot> } | null = null;

  const refresh = (today: string) => {
    const promise = load(today).then((loaded) => {
      const rows = loaded.map((r) => ({
        ...r,
        roleKey: r.job.role.toLowerCase(),
        companyKey: r.companyName.toLowerCase(),
        locationKey: r.job.location.toLowerCase(),
      }));
      const fresh: Snapshot = {
        today,
        loadedAt: now(),
        sorted: {
          deadline: [...rows].sort(orders.deadline),
          newest: [...rows].sort(orders.newest),
          package: [...rows].sort(orders.package),
        },
        byCollege: new Map(),
      };
      if (loading?.promise === promise) {
        snapshot = fresh;
        loading = null;
      }
      return fresh;
    });
    loading = { today, promise };
    promise.catch(() => {
      if (loading?.promise === promise) loading = null;
    });
    return promise;
  };

  return {
    /**
     * The open jobs on `today` that the college's students see, in the given order. Each college's
     * lists are split off once a copy, so a request reads only its own college's jobs (with ten
     * colleges posting their own, a tenth of the copy) rather than testing every job's colleges,
     * and grouped by decision at the same time.
     */
    async sorted(today: string, sort: VacancySort, college: number): Promise<JobList> {
      const current = snapshot;
      const fresh =
        current && current.today === today && now() - current.loadedAt < ttlMs
          ? current
          : await (loading?.today === today ? loading.promise : refresh(today));
      let lists = fresh.byCollege.get(college);
      if (!lists) fresh.byCollege.set(college, (lists = atCollege(fresh.sorted, college, fresh.today)));
      return lists[sort];
    },

    /** Forgets the copy: the next read loads the jobs again (after a change made here). */
    invalidate() {
      snapshot = null;
      loading = null;
    },
  };
}
export type OpenJobsCache = ReturnType<typeof createOpenJobsCache>;
