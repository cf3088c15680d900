import type { Redis } from 'ioredis';

/** How many were counted in a window so far, and how long until the window ends. */
export type WindowCount = { current: number; ttlMs: number };
/** A count taken (and the count it made), or refused until the window or the hold ends. */
export type Taken = { ok: true; count: number } | { ok: false; retryAfterMs: number };
export type Claimed = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * The counters behind every rate limit, shared by every server process when they live in Redis
 * (REDIS_URL), else in this process's memory. Two kinds:
 *
 * - a fixed window on a key of its own (`incr`, `read`): what @fastify/rate-limit counts with;
 * - counters grouped under one name (`take`, `giveBack`, `claim`), each with its own window, so
 *   that `forget` clears a group at once: the sign-in counters of one account are one group.
 *
 * Every change is atomic (one Lua script in Redis, one synchronous step in memory), so two
 * processes, or two requests at once, never both take the last count.
 */
export type RateCounters = {
  /** Counts one more on `key`; the window starts with its first count. */
  incr(key: string, windowMs: number): Promise<WindowCount>;
  /** The count on `key` without counting. */
  read(key: string, windowMs: number): Promise<WindowCount>;
  /** Counts one on the group's `field` unless `limit` are counted in its window already. */
  take(group: string, field: string, limit: number, windowMs: number): Promise<Taken>;
  /** Takes back one count from the group's `field` (while its window lasts). */
  giveBack(group: string, field: string, windowMs: number): Promise<void>;
  /** Holds the group's `field` for `holdMs`, unless it is held already. */
  claim(group: string, field: string, holdMs: number): Promise<Claimed>;
  /** Clears every counter of the group. */
  forget(group: string): Promise<void>;
};

/** Keys in Redis start with this, so the counters can be told from anything else kept there. */
export const COUNTERS_NAMESPACE = 'portal-rate-limit:';

/**
 * Groups and keys kept in memory at most: past that the least recently used go first, so a flood
 * of made-up emails cannot grow the process without bound (it can only push out other counts).
 */
const MEMORY_ENTRIES = 100_000;

export function createRateCounters(
  redis: Redis | undefined,
  now: () => number = () => Date.now(),
): RateCounters {
  return redis ? redisCounters(redis, now) : memoryCounters(now);
}

type Window = { count: number; start: number };
type Group = { fields: Map<string, Window | { until: number }>; expiresAt: number };

/** A Map that forgets its least recently used entries past `max`. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
  delete(key: string) {
    this.entries.delete(key);
  }
}

function memoryCounters(now: () => number): RateCounters {
  const keys = new Recent<Window>(MEMORY_ENTRIES);
  const groups = new Recent<Group>(MEMORY_ENTRIES);

  const live = (w: Window | undefined, windowMs: number, at: number) =>
    w && at < w.start + windowMs ? w : undefined;
  const existing = (name: string, at: number) => {
    const group = groups.get(name);
    return group && at < group.expiresAt ? group : undefined;
  };
  const groupOf = (name: string, at: number) => {
    const group = existing(name, at);
    if (group) return group;
    const fresh: Group = { fields: new Map(), expiresAt: at };
    groups.set(name, fresh);
    return fresh;
  };
  const keepUntil = (group: Group, until: number) => {
    group.expiresAt = Math.max(group.expiresAt, until);
  };
  const windowIn = (group: Group, field: string) => {
    const value = group.fields.get(field);
    return value && 'count' in value ? value : undefined;
  };

  return {
    async incr(key, windowMs) {
      const at = now();
      const w = live(keys.get(key), windowMs, at) ?? { count: 0, start: at };
      w.count++;
      keys.set(key, w);
      return { current: w.count, ttlMs: w.start + windowMs - at };
    },
    async read(key, windowMs) {
      const at = now();
      const w = live(keys.get(key), windowMs, at);
      return w ? { current: w.count, ttlMs: w.start + windowMs - at } : { current: 0, ttlMs: 0 };
    },
    async take(name, field, limit, windowMs) {
      const at = now();
      const group = groupOf(name, at);
      const w = live(windowIn(group, field), windowMs, at) ?? { count: 0, start: at };
      if (w.count >= limit) return { ok: false, retryAfterMs: w.start + windowMs - at };
      w.count++;
      group.fields.set(field, w);
      keepUntil(group, w.start + windowMs);
      return { ok: true, count: w.count };
    },
    async giveBack(name, field, windowMs) {
      const at = now();
      const group = existing(name, at);
      const w = group && live(windowIn(group, field), windowMs, at);
      if (w && w.count > 0) w.count--;
    },
    async claim(name, field, holdMs) {
      const at = now();
      const group = groupOf(name, at);
      const held = group.fields.get(field);
      if (held && 'until' in held && at < held.until) return { ok: false, retryAfterMs: held.until - at };
      group.fields.set(field, { until: at + holdMs });
      keepUntil(group, at + holdMs);
      return { ok: true };
    },
    async forget(name) {
      groups.delete(name);
    },
  };
}

// A field's window is two hash fields: its count, and (`field@`) when the window began. The group
// lives at least as long as the longest window or hold in it.
const scripts = {
  portalCounterIncr: `
    local current = redis.call('INCR', KEYS[1])
    local ttl = redis.call('PTTL', KEYS[1])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[1], ARGV[1])
      ttl = tonumber(ARGV[1])
    end
    return {current, ttl}`,
  portalCounterRead: `
    local current = tonumber(redis.call('GET', KEYS[1])) or 0
    local ttl = redis.call('PTTL', KEYS[1])
    if ttl < 0 then ttl = 0 end
    return {current, ttl}`,
  portalCounterTake: `
    local field, limit, window, now = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
    local v = redis.call('HMGET', KEYS[1], field, field .. '@')
    local count, start = tonumber(v[1]) or 0, tonumber(v[2]) or 0
    if now >= start + window then count, start = 0, now end
    if count >= limit then return {0, start + window - now} end
    count = count + 1
    redis.call('HSET', KEYS[1], field, count, field .. '@', start)
    if redis.call('PTTL', KEYS[1]) < start + window - now then
      redis.call('PEXPIRE', KEYS[1], start + window - now)
    end
    return {1, count}`,
  portalCounterGiveBack: `
    local field, window, now = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
    local v = redis.call('HMGET', KEYS[1], field, field .. '@')
    local count, start = tonumber(v[1]) or 0, tonumber(v[2]) or 0
    if count > 0 and now < start + window then redis.call('HSET', KEYS[1], field, count - 1) end
    return 0`,
  portalCounterClaim: `
    local field, hold, now = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
    local untilAt = tonumber(redis.call('HGET', KEYS[1], field)) or 0
    if now < untilAt then return {0, untilAt - now} end
    redis.call('HSET', KEYS[1], field, now + hold)
    if redis.call('PTTL', KEYS[1]) < hold then redis.call('PEXPIRE', KEYS[1], hold) end
    return {1, 0}`,
};
type Script = keyof typeof scripts;
type Scripted = Record<Script, (key: string, ...args: (string | number)[]) => Promise<[number, number]>>;

function redisCounters(redis: Redis, now: () => number): RateCounters {
  for (const [name, lua] of Object.entries(scripts)) {
    if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 1, lua });
  }
  const run = redis as unknown as Scripted;
  const key = (name: string) => `${COUNTERS_NAMESPACE}${name}`;
  // Lua numbers are doubles: a whole number of milliseconds keeps every sum exact.
  const at = () => Math.floor(now());

  return {
    async incr(name, windowMs) {
      const [current, ttlMs] = await run.portalCounterIncr(key(name), windowMs);
      return { current, ttlMs };
    },
    async read(name, windowMs) {
      const [current, ttlMs] = await run.portalCounterRead(key(name), windowMs);
      return { current, ttlMs };
    },
    async take(name, field, limit, windowMs) {
      const [ok, value] = await run.portalCounterTake(key(name), field, limit, windowMs, at());
      return ok ? { ok: true, count: value } : { ok: false, retryAfterMs: value };
    },
    async giveBack(name, field, windowMs) {
      await run.portalCounterGiveBack(key(name), field, windowMs, at());
    },
    async claim(name, field, holdMs) {
      const [ok, retryAfterMs] = await run.portalCounterClaim(key(name), field, holdMs, at());
      return ok ? { ok: true } : { ok: false, retryAfterMs };
    },
    async forget(name) {
      await redis.del(key(name));
    },
  };
}
