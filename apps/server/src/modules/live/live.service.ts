import type { FastifyBaseLogger } from 'fastify';
import type { LivePayload } from '@portal/contracts/live';
import type { Listen } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { SESSION_IDLE_MS } from '../../lib/session-cookie.ts';
import type { LiveRepo } from './live.repo.ts';

/** How long and how many events the table keeps (the `live-events` worker prunes to this). */
export const LIVE_KEEP_MS = 6 * 60 * 60 * 1000;
export const LIVE_KEEP_PER_ACCOUNT = 200;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** How often the streams' sessions are checked for expiry, idleness and suspension. */
const SESSION_CHECK_MS = 60_000;
/** Streams one account may hold at once (tabs, devices); the oldest closes beyond it. */
const STREAMS_PER_ACCOUNT = 10;
/** A client this far behind (bytes queued on its socket) is dropped; it reconnects and catches up. */
const MAX_BUFFERED = 1 << 20;
/** Event ids a stream remembers having sent, to send none twice when a catch-up overlaps. */
const RECENT_IDS = 32;

/** Where a stream's text goes: the response's socket. */
export type LiveSink = {
  write(chunk: string): void;
  /** Bytes written but not yet taken by the socket. */
  buffered(): number;
  end(): void;
};

type Row = { id: number; accountId: string; kind: string; payload: LivePayload };

type Stream = {
  accountId: string;
  tokenHash: string;
  sink: LiveSink;
  /** Events that arrived while the stream was still sending what its client missed. */
  waiting: Row[] | null;
  recent: number[];
  lastId: number;
  closed: boolean;
};

/**
 * What the table's trigger (migration 0038) NOTIFYs for each INSERT statement: its rows grouped by
 * kind and payload, when they fit in one NOTIFY; otherwise the ranges of their ids (both ends
 * included), to be read from the table.
 */
type Told =
  | { g: { k: string; p: LivePayload; e: [id: number, accountId: string][] }[] }
  | { r: [first: number, last: number][] };

/** A NOTIFY's message as the hub queues it: the rows, in id order, or the ranges to read. */
function parseTold(message: string): { rows: Row[] } | { ranges: [number, number][] } | null {
  try {
    const told = JSON.parse(message) as Told;
    if ('r' in told) return { ranges: told.r.map(([first, last]) => [Number(first), Number(last)]) };
    const rows = told.g.flatMap((group) =>
      group.e.map(([id, accountId]) => ({ id: Number(id), accountId, kind: group.k, payload: group.p })),
    );
    return { rows: rows.sort((x, y) => x.id - y.id) };
  } catch {
    // Not one of the trigger's messages.
    return null;
  }
}

/** Ranges read in one query at most (each is two parameters). */
const RANGES_PER_READ = 500;

const frame = (row: Pick<Row, 'id' | 'kind' | 'payload'>) =>
  `id: ${row.id}\nevent: ${row.kind}\ndata: ${JSON.stringify(row.payload)}\n\n`;

/**
 * The live streams this instance holds, and how events reach them: every instance LISTENs on
 * `live_events` (the table's trigger NOTIFYs once per INSERT statement at commit, with its rows or,
 * for a big statement, the ranges of their ids); the instance that holds streams of those accounts
 * writes each event out in one pass (reading a big statement's rows first, in one query). A stream
 * opened with `Last-Event-ID` is first sent what its client missed, from the table, then what
 * arrived meanwhile, each event once. A session that ends (`live_sessions_ended`, from the sessions
 * table's trigger) or expires closes its streams.
 */
export function createLiveHub(deps: {
  liveRepo: LiveRepo;
  /** LISTEN on the database; without it (a script's app) streams get only what they missed. */
  listen?: Listen | undefined;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  heartbeatMs?: number;
  sessionCheckMs?: number;
}) {
  const { liveRepo, clock, log } = deps;
  const byAccount = new Map<string, Set<Stream>>();
  const timers: NodeJS.Timeout[] = [];
  const unlistens: (() => Promise<void>)[] = [];
  let reading: Promise<void> | null = null;

  const all = () => [...byAccount.values()].flatMap((set) => [...set]);

  function close(stream: Stream, farewell = false) {
    if (stream.closed) return;
    stream.closed = true;
    const set = byAccount.get(stream.accountId);
    set?.delete(stream);
    if (set?.size === 0) byAccount.delete(stream.accountId);
    try {
      // `end` tells the browser not to reconnect: the session is over.
      if (farewell) stream.sink.write('event: end\ndata: {}\n\n');
      stream.sink.end();
    } catch {
      // The socket is gone already.
    }
  }

  function send(stream: Stream, row: Row, text = frame(row)) {
    if (stream.closed || stream.recent.includes(row.id)) return;
    if (stream.sink.buffered() > MAX_BUFFERED) return close(stream);
    stream.sink.write(text);
    stream.recent.push(row.id);
    if (stream.recent.length > RECENT_IDS) stream.recent.shift();
    if (row.id > stream.lastId) stream.lastId = row.id;
  }

  /** Sends these rows (in id order) to the streams of their accounts, each frame built once. */
  function deliver(rows: Row[]) {
    for (const row of rows) {
      const streams = byAccount.get(row.accountId);
      if (!streams) continue;
      let text: string | undefined;
      for (const stream of streams) {
        if (stream.waiting) stream.waiting.push(row);
        else send(stream, row, (text ??= frame(row)));
      }
    }
  }

  /**
   * The NOTIFYs not yet delivered, in the order they came (the order their transactions
   * committed). Rows that came inline go out at once unless a read of earlier ranges is under way;
   * ranges that came one after another are read in one query.
   */
  const told: NonNullable<ReturnType<typeof parseTold>>[] = [];
  function pump() {
    while (!reading && told.length > 0) {
      const head = told.shift()!;
      if ('rows' in head) {
        deliver(head.rows);
        continue;
      }
      const ranges = [...head.ranges];
      for (let next = told[0]; ranges.length < RANGES_PER_READ && next && 'ranges' in next; next = told[0]) {
        ranges.push(...next.ranges);
        told.shift();
      }
      reading = liveRepo
        .inRanges(ranges)
        .then(deliver, (error: unknown) =>
          log.error({ err: error }, 'live events: could not read the events named'),
        )
        .finally(() => {
          reading = null;
          pump();
        });
    }
  }

  /** A NOTIFY from the table's trigger: one statement's rows, or the ranges of their ids. */
  function onEvent(message: string) {
    // An instance holding no stream has nothing to send (and nothing to read).
    if (byAccount.size === 0) return;
    const parsed = parseTold(message);
    if (!parsed) return;
    told.push(parsed);
    pump();
  }

  /** After the listening connection was (re)made: what each stream may have missed meanwhile. */
  async function catchUp() {
    for (const stream of all()) {
      if (stream.waiting) continue;
      try {
        for (const row of await liveRepo.after(stream.accountId, stream.lastId, LIVE_KEEP_PER_ACCOUNT)) {
          send(stream, row);
        }
      } catch (error) {
        log.error({ err: error }, 'live events: could not catch a stream up');
      }
    }
  }

  async function checkSessions() {
    const streams = all();
    const tokens = [...new Set(streams.map((s) => s.tokenHash))];
    const alive = new Set<string>();
    for (let i = 0; i < tokens.length; i += 1000) {
      const chunk = await liveRepo.liveSessions(
        tokens.slice(i, i + 1000),
        clock.now(),
        clock.fromNow(-SESSION_IDLE_MS),
      );
      for (const token of chunk) alive.add(token);
    }
    for (const stream of streams) if (!alive.has(stream.tokenHash)) close(stream, true);
  }

  return {
    /** Starts listening and the heartbeat and session timers. */
    async start() {
      if (deps.listen) {
        let first = true;
        unlistens.push(
          await deps.listen('live_events', onEvent, () => {
            if (!first) void catchUp();
            first = false;
          }),
          await deps.listen('live_sessions_ended', (tokenHash) => {
            for (const stream of all()) if (stream.tokenHash === tokenHash) close(stream, true);
          }),
        );
      }
      const every = (ms: number, run: () => void) => {
        const timer = setInterval(run, ms);
        timer.unref();
        timers.push(timer);
      };
      every(deps.heartbeatMs ?? HEARTBEAT_MS, () => {
        for (const stream of all()) {
          if (stream.sink.buffered() > MAX_BUFFERED) close(stream);
          else stream.sink.write(':\n\n');
        }
      });
      every(deps.sessionCheckMs ?? SESSION_CHECK_MS, () => {
        checkSessions().catch((error: unknown) =>
          log.error({ err: error }, 'live events: could not check the sessions'),
        );
      });
    },

    /** Closes every stream (the server is shutting down: browsers reconnect to another instance). */
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
      for (const stream of all()) close(stream);
      told.length = 0;
      await Promise.all(unlistens.splice(0).map((unlisten) => unlisten().catch(() => {})));
      await reading;
    },

    /**
     * Opens a stream for the session's account: first the events after `lastEventId` (a
     * reconnecting client's), then a `ready` event whose id is where the client stands, then every
     * new event as it commits. Resolves to the function that closes it.
     */
    async open(
      session: { accountId: string; tokenHash: string },
      lastEventId: number | undefined,
      sink: LiveSink,
    ) {
      const stream: Stream = { ...session, sink, waiting: [], recent: [], lastId: 0, closed: false };
      let set = byAccount.get(session.accountId);
      if (!set) byAccount.set(session.accountId, (set = new Set()));
      set.add(stream);
      if (set.size > STREAMS_PER_ACCOUNT) close(set.values().next().value!);
      // The browser waits this long before reconnecting after a drop.
      sink.write('retry: 3000\n\n');
      try {
        const missed =
          lastEventId === undefined
            ? []
            : await liveRepo.after(session.accountId, lastEventId, LIVE_KEEP_PER_ACCOUNT);
        for (const row of missed) send(stream, row);
        const standing = Math.max(lastEventId ?? (await liveRepo.lastId(session.accountId)), stream.lastId);
        stream.lastId = standing;
        if (!stream.closed) sink.write(`id: ${standing}\nevent: ready\ndata: {}\n\n`);
        const waiting = stream.waiting ?? [];
        stream.waiting = null;
        for (const row of waiting) if (!missed.some((m) => m.id === row.id)) send(stream, row);
      } catch (error) {
        close(stream);
        throw error;
      }
      return () => close(stream);
    },

    /** How many streams this instance holds (the bench and tests read it). */
    size: () => all().length,
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
