import { describe, expect, it } from 'vitest';
import { freshSharedRead } from './fresh-shared-read.ts';

/** A computation the test finishes by hand, counting how often it started. */
function controlled() {
  const runs: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const compute = () =>
    new Promise<number>((resolve, reject) => {
      runs.push({ resolve, reject });
    });
  return { runs, compute };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('freshSharedRead', () => {
  it('starts one computation for callers who ask while none runs, and each gets its answer', async () => {
    const { runs, compute } = controlled();
    const read = freshSharedRead(compute);
    const first = read();
    expect(runs).toHaveLength(1);
    runs[0]!.resolve(1);
    await expect(first).resolves.toBe(1);
    const second = read();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    await expect(second).resolves.toBe(2);
  });

  it('gives callers arriving during a computation the next one, started after it, shared by them all', async () => {
    const { runs, compute } = controlled();
    const read = freshSharedRead(compute);
    const first = read();
    const later = [read(), read(), read()];
    // Nothing new starts while the first runs: it began before these callers asked.
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!.resolve(1);
    await expect(first).resolves.toBe(1);
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
  });

  it('still serves the waiting callers when the running computation fails, and passes a failure to its own callers only', async () => {
    const { runs, compute } = controlled();
    const read = freshSharedRead(compute);
    const first = read();
    const later = read();
    runs[0]!.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await settle();
    runs[1]!.resolve(7);
    await expect(later).resolves.toBe(7);
    // And the next caller after that starts afresh.
    const again = read();
    expect(runs).toHaveLength(3);
    runs[2]!.resolve(8);
    await expect(again).resolves.toBe(8);
  });
});
