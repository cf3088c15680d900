import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';

/**
 * Which colleges' rows the database shows the work under way (docs/architecture.md, "Colleges").
 *
 * A request of a student or a staff member runs walled: its statements run as the database role
 * `portal_app` (no superuser, no BYPASSRLS, not the tables' owner) with the session setting
 * `app.college_ids` naming its college, and the row-level security policies of migration 0026 admit
 * that college's rows only, whatever a query asks. Everything else (sign-in before a session
 * exists, companies, which recruit across colleges, and background work) runs as the tables'
 * owner and is scoped by the application alone.
 *
 * The scope is carried in an AsyncLocalStorage, so services and repos never pass it: the database
 * handle (db/client.ts) reads it for every statement. On the embedded database the setting and the
 * role are changed on its one connection before a statement of another scope; on a PostgreSQL
 * server walled work borrows a connection of one shared set, switched to the work's scope before
 * the work is sent (db/walled-pool.ts), so no connection carries one request's college into
 * another's.
 */
const storage = new AsyncLocalStorage<string>();

/** The role walled statements run as (created by migration 0026). */
export const WALLED_ROLE = 'portal_app';

/** Runs `work` walled to the given colleges. */
export function withinColleges<T>(colleges: readonly number[], work: () => T): T {
  if (colleges.length === 0 || !colleges.every((id) => Number.isInteger(id) && id > 0)) {
    throw new Error(`withinColleges: not a list of college ids: ${colleges.join(',')}`);
  }
  return storage.run(colleges.join(','), work);
}

/** Runs `work` unwalled, as the tables' owner (background work inside a walled request's flow). */
export function unwalled<T>(work: () => T): T {
  return storage.run('', work);
}

/** The colleges of the work under way as `app.college_ids` holds them ("3", "1,4"), or '' unwalled. */
export function currentScopeKey(): string {
  return storage.getStore() ?? '';
}

/**
 * The college of the work under way, in SQL: a walled request's college, or the first college
 * (migration 0026's `portal_current_college()`). Queries of one college's rows filter on it, so the
 * application scopes them as row-level security does.
 */
export const currentCollege = sql<number>`portal_current_college()`;

/**
 * A statement prepared once per scope: `build` runs on the first use in each scope, so the
 * statement is bound to that scope's client (db/client.ts) and never runs another scope's
 * work. Statements prepared once for the process would run every scope's work unwalled.
 */
export function perScope<S>(build: () => S): () => S {
  const built = new Map<string, S>();
  return () => {
    const key = currentScopeKey();
    let statement = built.get(key);
    if (statement === undefined) {
      statement = build();
      built.set(key, statement);
    }
    return statement;
  };
}

/**
 * Statements by a key (the shape of their query, a limit written into their text), each built
 * (and named `prefix_N`) on its first use in each scope, as `perScope` builds one.
 */
export function preparedOnFirstUse<S>(prefix: string) {
  const built = new Map<string, S>();
  return (key: string, build: (name: string) => S): S => {
    const scoped = `${currentScopeKey()}|${key}`;
    let statement = built.get(scoped);
    if (statement === undefined) {
      statement = build(`${prefix}_${built.size}`);
      built.set(scoped, statement);
    }
    return statement;
  };
}
