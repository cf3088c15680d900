import { describe, expect, it } from 'vitest';
import { currentScopeKey as currentCollegeKey, withinColleges } from '../db/college-scope.ts';
import { freshSharedRead, keptUntilChanged } from './fresh-shared-read.ts';

/** A computation the test finishes by hand, counting how often it started. */
function controlled() {
  const runs: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const compute = () =>
    new Promise<number>((resolve, reject) => {
      runs.push({ resolve, reject });
    });
  return { runs, compute };
}

/** Lets pending callbacks run, up to and past one pass of the event loop. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('freshSharedRead', () => {
  it('shares one reading between callers who ask before it starts, and reads afresh for a caller after it', async () => {
    const { runs, compute } = controlled();
    const read = freshSharedRead(compute);
    const together = [read(), read(), read()];
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!.resolve(1);
    expect(await Promise.all(together)).toEqual([1, 1, 1]);

    const later = read();
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    await expect(later).resolves.toBe(2);
  });

  it('gives callers arriving during a reading the next one, started after it ends, shared by them all', async () => {
    const { runs, compute } = controlled();
    const read = freshSharedRead(compute);
    const first = read();
    await settle();
    expect(runs).toHaveLength(1);
    const during = [read(), read(), read()];
    // Nothing new starts while the first reads: it began before these callers asked.
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!.resolve(1);
    await expect(first).resolves.toBe(1);
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
  });

  it('still serves the waiting callers when the reading under way fails, which fails only its own callers', async () => {
    const { runs, compute } = controlled();
    const read = freshSharedRead(compute);
    const first = read();
    await settle();
    const during = read();
    runs[0]!.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(7);
    await expect(during).resolves.toBe(7);
  });
});

describe('keptUntilChanged', () => {
  it('answers from the kept reading while the version stands, and reads afresh once it rises', async () => {
    let version = 4;
    let computed = 0;
    const read = keptUntilChanged(
      () => Promise.resolve(version),
      () => Promise.resolve(`reading ${++computed}`),
    );
    expect(await read()).toBe('reading 1');
    expect(await read()).toBe('reading 1');
    expect(computed).toBe(1);
    version = 5;
    expect(await read()).toBe('reading 2');
    expect(await read()).toBe('reading 2');
    expect(computed).toBe(2);
  });

  it('keeps a reading under the version read before it started, so a change made meanwhile is read next time', async () => {
    let version = 1;
    const { runs, compute } = controlled();
    const read = keptUntilChanged(() => Promise.resolve(version), compute);
    const first = read();
    await settle();
    // A write commits while the reading runs: the reading may or may not include it.
    version = 2;
    runs[0]!.resolve(10);
    expect(await first).toBe(10);
    const second = read();
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(11);
    expect(await second).toBe(11);
    expect(await read()).toBe(11);
    expect(runs).toHaveLength(2);
  });

  it('keeps a reading per college: one college’s kept figures never answer another', async () => {
    const versions = new Map([
      ['1', 7],
      ['2', 7],
    ]);
    const read = keptUntilChanged(
      () => Promise.resolve(versions.get(currentCollegeKey())!),
      () => Promise.resolve(`college ${currentCollegeKey()}`),
    );
    expect(await withinColleges([1], read)).toBe('college 1');
    expect(await withinColleges([2], read)).toBe('college 2');
    expect(await withinColleges([1], read)).toBe('college 1');
  });
});
