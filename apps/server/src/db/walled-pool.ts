import { AsyncLocalStorage } from 'node:async_hooks';
import postgres from 'postgres';

/**
 * The connections walled work runs on, on a PostgreSQL server (db/college-scope.ts): one set for
 * every college, each connection carrying one scope at a time.
 *
 * A pool per scope (what came before) opened up to `size` connections for each college with work
 * under way: ten colleges' students under 50 concurrent requests opened more than PostgreSQL's
 * default 100 connections from one instance, and requests failed with "sorry, too many clients
 * already". Here at most `size` connections serve all scopes. Each runs as the walled role and
 * holds its scope in the session setting `app.college_ids`; a connection is lent to one statement
 * or transaction at a time, and is switched to another scope (one `set_config`, awaited before the
 * work is sent) only when no idle connection already holds the scope asked for.
 *
 * Each connection is a postgres-js client of one connection of its own, so a dropped connection is
 * reconnected inside its client and never handed to other work. A (re)connected session starts
 * with an empty scope, which admits no college's rows (`portal_scope()` is null): the scope is set
 * again before the next work, since a close forgets what the connection held.
 */
export type WalledPool = {
  /** A client for `scope`'s work: each statement or transaction borrows a connection holding it. */
  clientOf(scope: string): postgres.Sql;
  end(options: { timeout: number }): Promise<void>;
};

type Slot = { client: postgres.Sql; scope: string | null; busy: boolean };
type Waiter = (slot: Slot) => void;

export function createWalledPool(
  url: string,
  options: postgres.Options<Record<string, postgres.PostgresType>>,
  settings: { role: string; size: number; prepareClient: (client: postgres.Sql) => void },
): WalledPool {
  const slots: Slot[] = [];
  const waiting: Waiter[] = [];
  // Work that already holds a connection (a statement made inside a transaction through the
  // database rather than the transaction) never waits for another: with every connection held by
  // such work, each would wait for the others for ever. It gets a connection beyond `size`.
  const holding = new AsyncLocalStorage<true>();

  const newSlot = (): Slot => {
    const slot: Slot = { client: undefined as unknown as postgres.Sql, scope: null, busy: true };
    slot.client = postgres(url, {
      ...options,
      max: 1,
      connection: { ...options.connection, role: settings.role, 'app.college_ids': '' },
      // The session is gone: whatever it held, the next one starts with no scope.
      onclose: () => {
        slot.scope = null;
      },
    });
    settings.prepareClient(slot.client);
    slots.push(slot);
    return slot;
  };

  /** A connection holding `scope`, lent to the caller until `giveBack`. */
  const borrow = async (scope: string): Promise<Slot> => {
    const slot =
      slots.find((s) => !s.busy && s.scope === scope) ??
      slots.find((s) => !s.busy) ??
      (slots.length < settings.size || holding.getStore()
        ? newSlot()
        : await new Promise<Slot>((take) => waiting.push(take)));
    slot.busy = true;
    if (slot.scope !== scope) {
      try {
        slot.scope = null;
        await slot.client.unsafe("select set_config('app.college_ids', $1, false)", [scope], {
          prepare: true,
        });
        slot.scope = scope;
      } catch (error) {
        giveBack(slot);
        throw error;
      }
    }
    return slot;
  };

  // The longest waiting goes first, whatever its scope (a busy college cannot starve another).
  const giveBack = (slot: Slot) => {
    const next = waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  };

  const lend = async <T>(scope: string, work: (client: postgres.Sql) => Promise<T>): Promise<T> => {
    const slot = await borrow(scope);
    try {
      return await holding.run(true, () => work(slot.client));
    } finally {
      giveBack(slot);
    }
  };

  const clients = new Map<string, postgres.Sql>();
  return {
    clientOf(scope) {
      let client = clients.get(scope);
      if (!client) {
        client = scopedClient(scope, lend, options);
        clients.set(scope, client);
      }
      return client;
    },
    async end({ timeout }) {
      await Promise.all(slots.map((slot) => slot.client.end({ timeout })));
    },
  };
}

/**
 * What Drizzle's postgres-js driver asks of a client (`unsafe(...)`, awaited or `.values()`,
 * `begin`, and `options` for its parsers), each use run on a borrowed connection of the scope.
 */
function scopedClient(
  scope: string,
  lend: <T>(scope: string, work: (client: postgres.Sql) => Promise<T>) => Promise<T>,
  options: postgres.Options<Record<string, postgres.PostgresType>>,
): postgres.Sql {
  const parsers: Record<string, unknown> = {};
  const serializers: Record<string, unknown> = {};
  const client = {
    options: { ...options, parsers, serializers },
    unsafe(query: string, params?: unknown[], queryOptions?: postgres.UnsafeQueryOptions) {
      const run = (values: boolean) =>
        lend(scope, async (c) => {
          const pending = c.unsafe(query, params as postgres.ParameterOrJSON<never>[], queryOptions);
          return values ? await pending.values() : await pending;
        });
      let result: Promise<unknown> | undefined;
      return {
        values: () => run(true),
        then: (ok: (value: unknown) => unknown, fail: (reason: unknown) => unknown) =>
          (result ??= run(false)).then(ok, fail),
      };
    },
    begin(...args: unknown[]) {
      return lend(scope, (c) => (c.begin as (...a: unknown[]) => Promise<unknown>)(...args));
    },
  };
  return client as unknown as postgres.Sql;
}
