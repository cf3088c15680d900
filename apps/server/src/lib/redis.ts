import { Redis } from 'ioredis';

/**
 * A Redis connection for shared counters. A slow or absent Redis must not hold requests up: a
 * command waits at most one retry and no offline queue, and the rate limits then let requests
 * through (skipOnError) until it is back.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
}
