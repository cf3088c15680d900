import type { Redis } from 'ioredis';

type Log = { warn: (details: object, message: string) => void; info: (message: string) => void };

/**
 * A Redis connection for shared counters. A slow or absent Redis must not hold requests up: a
 * command waits at most one retry and no offline queue, and the rate limits then let requests
 * through (skipOnError) until it is back. An outage is logged once when it starts and once when it
 * ends (ioredis reports every reconnect attempt, and without a listener writes each to stderr).
 * ioredis is loaded here, not at start-up: a server with no REDIS_URL never needs it.
 */
export async function createRedis(url: string, log: Log): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis is unreachable: rate limits let requests through until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again: rate limits are counted');
  });
  return redis;
}
