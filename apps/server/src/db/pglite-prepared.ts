import { currentScopeKey, WALLED_ROLE } from './college-scope.ts';
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** Statement names are unique in the process, so two wrappers of one instance cannot collide. */
let named = 0;

/**
 * The embedded database with every query a named prepared statement, as the PostgreSQL server's
 * connections have (`alwaysPrepared` in client.ts). PGlite's own `query()` parses, describes and
 * plans each statement afresh, in six calls into its WebAssembly module: 0.25 to 0.34 ms for the
 * session lookup at 100,000 students, most of a signed-in request's database time. Here a query's
 * text is parsed once (`Parse` with a name) and each call is one `Bind`, `Describe`, `Execute` and
 * `Sync` sent in one message: 0.06 ms (docs/performance.md, "The embedded database").
 *
 * What it keeps from `query()`: the same locks (a query waits for an open transaction, as before),
 * the same parameter serializers and result parsers (Drizzle's own, passed in `options`), the same
 * sync to disk after a query outside a transaction, and the same errors (PostgreSQL's, with their
 * codes). Texts other than one SELECT, INSERT, UPDATE, DELETE or WITH (migrations, DDL) and options
 * it does not handle (a blob for COPY) go through `query()` as before. A statement PostgreSQL can no
 * longer run as prepared (a table changed under a `select *`) is forgotten and run through `query()`.
 *
 * Walls (db/college-scope.ts): the one connection's role and `app.college_ids` are set to the work's
 * scope before a statement of another scope runs, inside the same lock as the statement, so two
 * requests of two colleges interleaving their statements each run theirs in their own scope.
 */
export function withPreparedStatements(pglite: PGlite, { maxStatements = 1000 } = {}): PGlite {
  type Statement = { name: string; paramTypes: number[] };
  const statements = new Map<string, Statement>();
  const { serialize } = protocol;
  /** Protocol messages in one call into the module; what they wrote is synced by the caller. */
  const send = (...messages: Uint8Array[]) =>
    pglite.execProtocolStream(concat(messages), { syncToFs: false });
  /** What follows every Bind: describe and execute the unnamed portal, then sync. */
  const runPortal = concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);

  /** The scope the connection is in: a scope key, or null when unknown (after a transaction). */
  let applied: string | null = null;
  const scopeText = "select set_config('role', $1, false), set_config('app.college_ids', $2, false)";
  /** `scopeText`'s values for a scope: the walled role and its colleges, or the owner's. */
  const scopeParams = (key: string) => [key ? WALLED_ROLE : 'none', key];
  /** Puts the connection in the work's scope; called holding the query lock. */
  async function enterScope() {
    const key = currentScopeKey();
    if (key === applied) return;
    applied = null;
    await run(await statementFor(scopeText), scopeParams(key));
    applied = key;
  }

  const preparable = (text: string, options?: QueryOptions) =>
    !options?.blob && !options?.onNotice && /^\s*(select|insert|update|delete|with)\b/i.test(text);

  /**
   * The text's statement, parsed under a new name the first time (inside the query lock). The
   * `maxStatements` used least recently are kept: beyond them, the oldest is closed, so one-off
   * texts (a bulk import's long inserts) cannot crowd out the hot ones or grow memory without end.
   */
  async function statementFor(text: string, options?: QueryOptions): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `portal_${++named}`;
    const messages = await send(
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await send(serialize.close({ type: 'S', name: oldest.name }), serialize.sync());
    }
    return statement;
  }

  /** The values as the statement's parameters' serializers write them. */
  const valuesFor = (statement: Statement, params: unknown[], options?: QueryOptions) =>
    params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i];
      const serializer =
        type === undefined ? undefined : (options?.serializers?.[type] ?? pglite.serializers[type]);
      // As query() does: a value of a type with no serializer goes as its own text.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });

  /**
   * One call: bind the values, describe and execute the unnamed portal, sync. `before`, a
   * statement run first in the same call (the change of scope): both are one implicit transaction,
   * so if either fails neither takes effect, and the statement never runs in the scope it left.
   */
  async function run(
    statement: Statement,
    params: unknown[],
    options?: QueryOptions,
    before?: { statement: Statement; params: unknown[] },
  ): Promise<Results> {
    const values = valuesFor(statement, params, options);
    const messages = await send(
      ...(before
        ? [
            serialize.bind({
              statement: before.statement.name,
              values: valuesFor(before.statement, before.params),
            }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
          ]
        : []),
      serialize.bind({ statement: statement.name, values }),
      runPortal,
    );
    // parseResults would copy every type's parser into a new object to lay Drizzle's few over them,
    // on every call: a quarter of the server's time under load. Drizzle's few are laid over the
    // defaults as a prototype instead, which reads the same.
    const parsers = options?.parsers
      ? Object.assign(Object.create(pglite.parsers) as typeof pglite.parsers, options.parsers)
      : pglite.parsers;
    const results = parse.parseResults(messages, parsers, { rowMode: options?.rowMode });
    const result = results[before ? 1 : 0];
    if (!result) throw new Error('the embedded database answered a prepared query with no result');
    return result;
  }

  /** `run` under the query lock; undefined when the statement no longer fits its table (then `query()` runs it). */
  async function runPrepared(text: string, params: unknown[], options?: QueryOptions) {
    return pglite._runExclusiveQuery(async () => {
      // The change of scope, when there is one, goes in the same call as the statement.
      const key = currentScopeKey();
      const switching = key !== applied;
      if (switching) applied = null;
      const scope = switching
        ? { statement: await statementFor(scopeText), params: scopeParams(key) }
        : undefined;
      const statement = await statementFor(text, options);
      try {
        const result = await run(statement, params, options, scope);
        if (switching) applied = key;
        return result;
      } catch (error) {
        // "cached plan must not change result type": the table changed since the text was parsed.
        if ((error as { code?: string }).code !== '0A000') throw error;
        statements.delete(text);
        // The caller runs the text unprepared next, outside this call: in the work's scope, which
        // the failed call's change did not leave behind (it was rolled back with the statement).
        await enterScope();
        return undefined;
      }
    });
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!preparable(text, options)) {
      if (currentScopeKey() === applied) return pglite.query<T>(text, params, options);
      // Not a statement it prepares, in another scope: in a transaction of its own, so nothing
      // runs between the change of scope and the statement.
      return transaction((tx) => tx.query<T>(text, params, options));
    }
    await pglite._checkReady();
    const result = await pglite._runExclusiveTransaction(async () => {
      const answer = await runPrepared(text, params, options);
      if (answer) await pglite.syncToFs();
      return answer;
    });
    return (result as Results<T> | undefined) ?? pglite.query<T>(text, params, options);
  }

  /** Inside a transaction its lock is held already, and the commit syncs to disk. */
  const inTransaction =
    (tx: Transaction) =>
    async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (tx.closed || !preparable(text, options)) return tx.query<T>(text, params, options);
      const result = await runPrepared(text, params, options);
      return (result as Results<T> | undefined) ?? tx.query<T>(text, params, options);
    };

  /** A scope set inside a transaction lasts or not as it commits or rolls back: read afresh after. */
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    pglite
      .transaction(async (tx) => {
        await pglite._runExclusiveQuery(enterScope);
        return callback(
          new Proxy(tx, {
            get: (target, key): unknown =>
              key === 'query' ? inTransaction(target) : Reflect.get(target, key),
          }),
        );
      })
      .finally(() => {
        applied = null;
      });

  return new Proxy(pglite, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      // PGlite's methods read private fields, so they run on the instance itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
