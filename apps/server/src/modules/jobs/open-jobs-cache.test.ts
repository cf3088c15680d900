import { describe, expect, it } from 'vitest';
import type { JobRow } from './jobs.repo.ts';
import { createOpenJobsCache, type JobList } from './open-jobs-cache.ts';

const job = (id: string, fields: Partial<JobRow>, listedAt = [1]) => ({
  job: {
    id,
    role: `Role ${id}`,
    applicationDeadline: '2026-12-01',
    createdAt: new Date('2026-11-01T00:00:00Z'),
    package: null,
    location: '',
    ...fields,
  } as JobRow,
  companyName: 'Acme',
  listedAt,
});

function counting(rows: ReturnType<typeof job>[]) {
  const calls: string[] = [];
  return { calls, load: async (today: string) => (calls.push(today), rows) };
}

describe('the open jobs shared by every vacancy page', () => {
  const rows = [
    job('b', { applicationDeadline: '2026-12-05', package: 12, createdAt: new Date('2026-11-03') }),
    job('a', { applicationDeadline: '2026-12-05', package: null, createdAt: new Date('2026-11-03') }),
    job('c', { applicationDeadline: '2026-11-30', package: 30, createdAt: new Date('2026-11-01') }),
    job('d', { applicationDeadline: '2026-12-09', package: 12, createdAt: new Date('2026-11-09') }),
  ];
  const ids = (list: JobList) => list.jobs.map((l) => l.job.id);

  it('keeps each order the page offers, ties broken by id so pages never repeat or skip a job', async () => {
    const cache = createOpenJobsCache(counting(rows).load);
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 1))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(await cache.sorted('2026-11-24', 'newest', 1))).toEqual(['d', 'b', 'a', 'c']);
    expect(ids(await cache.sorted('2026-11-24', 'package', 1))).toEqual(['c', 'b', 'd', 'a']);
  });

  it('reads the database once for many requests at once and within the time it is kept', async () => {
    let clock = 0;
    const source = counting(rows);
    const cache = createOpenJobsCache(source.load, { ttlMs: 5_000, now: () => clock });
    await Promise.all(Array.from({ length: 50 }, () => cache.sorted('2026-11-24', 'deadline', 1)));
    clock = 4_999;
    await cache.sorted('2026-11-24', 'package', 1);
    expect(source.calls).toHaveLength(1);
    clock = 5_000;
    await cache.sorted('2026-11-24', 'package', 1);
    expect(source.calls).toHaveLength(2);
    // A new day is a new list: deadlines that passed at midnight leave it.
    await cache.sorted('2026-11-25', 'package', 1);
    expect(source.calls).toEqual(['2026-11-24', '2026-11-24', '2026-11-25']);
  });

  it('reads again after a change here, and never keeps a read that started before the change', async () => {
    let release: (value: ReturnType<typeof job>[]) => void = () => {};
    const reads: number[] = [];
    const cache = createOpenJobsCache(async () => {
      reads.push(reads.length);
      return reads.length === 1 ? new Promise((resolve) => (release = resolve)) : [rows[0]!];
    });
    const early = cache.sorted('2026-11-24', 'deadline', 1);
    cache.invalidate();
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 1))).toEqual(['b']);
    release(rows);
    await early;
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 1))).toEqual(['b']);
    expect(reads).toHaveLength(2);
  });

  it("gives each college's students the jobs posted to their college, in the order asked", async () => {
    let clock = 0;
    let rows = [
      job('x', { applicationDeadline: '2026-12-03' }, [1, 2]),
      job('y', { applicationDeadline: '2026-12-01' }, [2]),
      job('z', { applicationDeadline: '2026-12-02' }, [1]),
    ];
    const reads: string[] = [];
    const cache = createOpenJobsCache(async (today) => (reads.push(today), rows), {
      ttlMs: 5_000,
      now: () => clock,
    });
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 1))).toEqual(['z', 'x']);
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 2))).toEqual(['y', 'x']);
    expect(ids(await cache.sorted('2026-11-24', 'newest', 1))).toEqual(['z', 'x']);
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 3))).toEqual([]);
    // The next copy is split afresh: a job posted to college 1 since shows there.
    rows = [...rows, job('w', { applicationDeadline: '2026-11-30' }, [1])];
    clock = 5_000;
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 1))).toEqual(['w', 'z', 'x']);
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 2))).toEqual(['y', 'x']);
    expect(reads).toEqual(['2026-11-24', '2026-11-24']);
  });

  it('lets the next request try again when a read fails', async () => {
    let fail = true;
    const cache = createOpenJobsCache(async () => {
      if (fail) throw new Error('database away');
      return rows;
    });
    await expect(cache.sorted('2026-11-24', 'deadline', 1)).rejects.toThrow('database away');
    fail = false;
    expect(ids(await cache.sorted('2026-11-24', 'deadline', 1))).toHaveLength(4);
  });

  it('groups the jobs a student is decided on alike, in every order', async () => {
    const criteria: Partial<JobRow> = {
      status: 'Open',
      startDate: '2026-11-01',
      minCgpa: 7,
      type: 'Full-time',
      eligibleProgrammes: [],
      eligibleYears: [],
    };
    const cache = createOpenJobsCache(async () => [
      // p and q differ only in dates and role: one group. r asks more CGPA; s does not open until December.
      job('p', { ...criteria, applicationDeadline: '2026-12-04', createdAt: new Date('2026-11-04') }),
      job('q', {
        ...criteria,
        applicationDeadline: '2026-12-01',
        createdAt: new Date('2026-11-02'),
        role: 'Other',
      }),
      job('r', {
        ...criteria,
        applicationDeadline: '2026-12-02',
        createdAt: new Date('2026-11-03'),
        minCgpa: 8,
      }),
      job('s', {
        ...criteria,
        applicationDeadline: '2026-12-03',
        createdAt: new Date('2026-11-01'),
        startDate: '2026-12-01',
      }),
    ]);
    const groupsOf = (list: JobList) =>
      Object.fromEntries(list.jobs.map((l, i) => [l.job.id, list.groups[list.groupOf[i]!]!.minCgpa]));
    const byDeadline = await cache.sorted('2026-11-24', 'deadline', 1);
    expect(ids(byDeadline)).toEqual(['q', 'r', 's', 'p']);
    expect(byDeadline.groups).toHaveLength(3);
    const group = (list: JobList, id: string) => list.groupOf[list.jobs.findIndex((l) => l.job.id === id)];
    expect(group(byDeadline, 'p')).toBe(group(byDeadline, 'q'));
    expect(new Set(['p', 'r', 's'].map((id) => group(byDeadline, id))).size).toBe(3);
    const newest = await cache.sorted('2026-11-24', 'newest', 1);
    expect(ids(newest)).toEqual(['p', 'r', 'q', 's']);
    expect(groupsOf(newest)).toEqual(groupsOf(byDeadline));
    expect(group(newest, 'p')).toBe(group(newest, 'q'));
    expect(group(newest, 's')).toBe(group(byDeadline, 's'));
  });
});
