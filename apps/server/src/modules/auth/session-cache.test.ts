import { describe, expect, it } from 'vitest';
import { fakeListen } from '../../test/fake-listen.ts';
import { createSessionCache, type SessionRow } from './session-cache.ts';

const MINUTE = 60_000;
const at = Date.parse('2026-11-27T10:00:00Z');

const row = (id: string, over: Partial<SessionRow> = {}): SessionRow => ({
  id,
  role: 'student',
  status: 'Allowed',
  name: 'A Student',
  email: `${id}@example.com`,
  collegeId: 1,
  recruitsAt: [],
  lastSeenAt: new Date(at),
  expiresAt: new Date(at + 7 * 24 * 60 * MINUTE),
  ...over,
});

async function listeningCache(ttlMs = 10_000, maxEntries?: number) {
  const cache = createSessionCache({ ttlMs, touchMs: 5 * MINUTE, ...(maxEntries && { maxEntries }) });
  const news = fakeListen();
  const stop = await cache.watch(news.listen);
  return { cache, news, stop };
}

describe('the recent copy of sessions', () => {
  it('keeps nothing until it listens, nor with no time to keep, nor once it stops', async () => {
    const quiet = createSessionCache({ ttlMs: 10_000, touchMs: 5 * MINUTE });
    quiet.keep('t1', row('a'), at, quiet.generation());
    expect(quiet.get('t1', at)).toBeUndefined();

    const { cache: off } = await listeningCache(0);
    off.keep('t1', row('a'), at, off.generation());
    expect(off.get('t1', at)).toBeUndefined();

    const { cache, news, stop } = await listeningCache();
    expect(news.channels()).toEqual(['live_sessions_ended', 'session_accounts_changed']);
    cache.keep('t1', row('a'), at, cache.generation());
    expect(cache.get('t1', at + 1)?.id).toBe('a');
    await stop();
    expect(news.channels()).toEqual([]);
    expect(cache.get('t1', at + 1)).toBeUndefined();
  });

  it('forgets an account, a session, or everything when the listen comes back', async () => {
    const { cache, news } = await listeningCache();
    cache.keep('t1', row('a'), at, cache.generation());
    cache.keep('t2', row('a'), at, cache.generation());
    cache.keep('t3', row('b'), at, cache.generation());
    news.tell('session_accounts_changed', 'a');
    expect([cache.get('t1', at), cache.get('t2', at)]).toEqual([undefined, undefined]);
    expect(cache.get('t3', at)?.id).toBe('b');
    news.tell('live_sessions_ended', 't3');
    expect(cache.get('t3', at)).toBeUndefined();
    cache.keep('t4', row('c'), at, cache.generation());
    news.reconnect();
    expect(cache.size()).toBe(0);
  });

  it('does not keep a read that news overtook', async () => {
    const { cache, news } = await listeningCache();
    const since = cache.generation();
    news.tell('session_accounts_changed', 'someone');
    cache.keep('t1', row('a'), at, since);
    expect(cache.get('t1', at)).toBeUndefined();
  });

  it('answers within its time, before the session is due a touch, and never past its expiry', async () => {
    const { cache } = await listeningCache(10_000);
    cache.keep('t1', row('a'), at, cache.generation());
    expect(cache.get('t1', at + 10_000)?.id).toBe('a');
    expect(cache.get('t1', at + 10_001)).toBeUndefined();

    cache.keep('t2', row('b', { lastSeenAt: new Date(at - 5 * MINUTE + 5) }), at, cache.generation());
    expect(cache.get('t2', at + 4)?.id).toBe('b');
    expect(cache.get('t2', at + 5)).toBeUndefined();

    cache.keep('t3', row('c', { expiresAt: new Date(at + 1_000) }), at, cache.generation());
    expect(cache.get('t3', at + 999)?.id).toBe('c');
    expect(cache.get('t3', at + 1_000)).toBeUndefined();
    // A clock set back does not stretch an entry's time.
    cache.keep('t4', row('d'), at, cache.generation());
    expect(cache.get('t4', at - 1)).toBeUndefined();
  });

  it('holds at most its size, letting the oldest read go first', async () => {
    const { cache } = await listeningCache(10_000, 2);
    for (const t of ['t1', 't2', 't3']) cache.keep(t, row(t), at, cache.generation());
    expect(cache.size()).toBe(2);
    expect(cache.get('t1', at)).toBeUndefined();
    expect(cache.get('t3', at)?.id).toBe('t3');
  });
});
