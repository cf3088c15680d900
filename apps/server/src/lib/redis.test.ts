import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createRedis } from './redis.ts';

describe('the Redis connection for shared counters', () => {
  it('logs an unreachable Redis once, not at every reconnect attempt, and fails commands fast', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const log = { warn: vi.fn(), info: vi.fn() };
    const redis = await createRedis(`redis://127.0.0.1:${port}`, log);
    try {
      // ioredis retries a refused connection every few tens of milliseconds at first.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]?.[1]).toBe(
        'Redis is unreachable: rate limits let requests through until it is back',
      );
      const started = Date.now();
      await expect(redis.incr('probe')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      redis.disconnect();
    }
  });
});
