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

const frame = (row: Pick<Row, 'id' | 'kind' | 'payload'>) =>
  `id: ${row.id}\nevent: ${row.kind}\ndata: ${JSON.stringify(row.payload)}\n\n`;

/**
 * The live streams this instance holds, and how events reach them: every instance LISTENs on
 * `live_events` (the table's trigger NOTIFYs each row at commit); the instance that holds a stream
 * of that account writes it out (reading the row first when only its id came). A stream
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
  let named: number[] = [];
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

  function send(stream: Stream, row: Row) {
    if (stream.closed || stream.recent.includes(row.id)) return;
    if (stream.sink.buffered() > MAX_BUFFERED) return close(stream);
    stream.sink.write(frame(row));
    stream.recent.push(row.id);
    if (stream.recent.length > RECENT_IDS) stream.recent.shift();
    if (row.id > stream.lastId) stream.lastId = row.id;
  }

  function deliver(row: Row) {
    for (const stream of byAccount.get(row.accountId) ?? []) {
      if (stream.waiting) stream.waiting.push(row);
      else send(stream, row);
    }
  }

  /** Reads the rows NOTIFY named by id since the last read (one query however many arrived at once). */
  function readNamed() {
    if (reading) return;
    reading = (async () => {
      while (named.length > 0) {
        const ids = named;
        named = [];
        try {
          for (const row of await liveRepo.byIds(ids)) deliver(row);
        } catch (error) {
          log.error({ err: error }, 'live events: could not read the events named');
        }
      }
    })().finally(() => {
      reading = null;
    });
  }

  /** A NOTIFY from the table's trigger: the row as JSON, or its id alone when its payload was long. */
  function onEvent(message: string) {
    let told: { id: number; a: string; k?: string; p?: LivePayload };
    try {
      told = JSON.parse(message) as typeof told;
    } catch {
      return;
    }
    if (!byAccount.has(told.a)) return;
    if (told.k === undefined) {
      named.push(told.id);
      readNamed();
    } else {
      deliver({ id: told.id, accountId: told.a, kind: told.k, payload: told.p ?? {} });
    }
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
