import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createWorker } from './worker.ts';

const quiet = () => ({ error: vi.fn() });

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('a background worker', () => {
  it('runs passes while it says more work is waiting, then rests', async () => {
    let left = 3;
    const runOnce = vi.fn(async () => --left > 0);
    const worker = createWorker({ name: 'queue', runOnce, everyMs: 60_000, log: quiet() });
    await worker.drain();
    expect(runOnce).toHaveBeenCalledTimes(3);
    expect(left).toBe(0);
  });

  it('folds wake-ups during a pass into one more pass, never two passes at once', async () => {
    const first = gate();
    let running = 0;
    let most = 0;
    const runOnce = vi.fn(async () => {
      most = Math.max(most, ++running);
      if (runOnce.mock.calls.length === 1) await first.opened;
      running--;
    });
    const worker = createWorker({ name: 'queue', runOnce, everyMs: 60_000, log: quiet() });
    worker.wake();
    worker.wake();
    worker.wake();
    const drained = worker.drain();
    first.open();
    await drained;
    expect(runOnce).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
  });

  it('runs once more for a wake that comes as a pass is ending, at whatever moment it comes', async () => {
    // The wake arrives 0, 1, 2, ... turns of the microtask queue after the pass's work resolved
    // (a service's commit can land at any of them): a pass must start after it, or what the
    // waker committed waits for the timer.
    for (let turns = 0; turns < 12; turns++) {
      let passes = 0;
      let passesBeforeTheWake = -1;
      const worker = createWorker({
        name: 'queue',
        runOnce: async () => {
          if (++passes > 1) return;
          let later = Promise.resolve();
          for (let i = 0; i < turns; i++) later = later.then();
          void later.then(() => {
            passesBeforeTheWake = passes;
            worker.wake();
          });
        },
        everyMs: 60_000,
        log: quiet(),
      });
      await worker.drain();
      await sleep(5);
      expect({ turns, woken: passesBeforeTheWake > 0, passedAfter: passes > passesBeforeTheWake }).toEqual({
        turns,
        woken: true,
        passedAfter: true,
      });
    }
  });

  it('logs a failed pass with its name, and the next pass runs', async () => {
    const log = quiet();
    const failure = new Error('database away');
    const runOnce = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(false);
    const worker = createWorker({ name: 'offer-lapses', runOnce, everyMs: 60_000, log });
    await worker.drain();
    expect(log.error).toHaveBeenCalledWith(
      { err: failure, worker: 'offer-lapses' },
      'background worker offer-lapses failed',
    );
    await worker.drain();
    expect(runOnce).toHaveBeenCalledTimes(2);
  });

  it('runs on its timer from start, after the first wait, until stopped', async () => {
    const runOnce = vi.fn(async () => {});
    const worker = createWorker({ name: 'tick', runOnce, everyMs: 20, firstAfterMs: 40, log: quiet() });
    worker.start();
    worker.start(); // a second start changes nothing
    await sleep(25);
    expect(runOnce).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(runOnce.mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 2_000 });
    await worker.stop();
    const passes = runOnce.mock.calls.length;
    await sleep(60);
    worker.wake();
    expect(runOnce).toHaveBeenCalledTimes(passes);
  });

  it('stops after the pass under way, which sees the stop and leaves the rest', async () => {
    const started = gate();
    const finish = gate();
    let sawStop = false;
    const runOnce = vi.fn(async (signal: AbortSignal) => {
      started.open();
      await finish.opened;
      sawStop = signal.aborted;
      return true; // more waiting, but the worker is stopping
    });
    const worker = createWorker({ name: 'mail', runOnce, everyMs: 60_000, log: quiet() });
    worker.start();
    await started.opened;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await sleep(10);
    expect(stopped).toBe(false); // waits for the pass
    finish.open();
    await stopping;
    expect(sawStop).toBe(true);
    expect(runOnce).toHaveBeenCalledTimes(1);
  });
});
