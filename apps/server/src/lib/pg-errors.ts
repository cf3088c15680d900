/** The error codes of a failure and of every cause behind it (Drizzle wraps the driver's error). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

/** True when a query failed on a unique constraint (PostgreSQL code 23505), on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  return codesOf(error).includes('23505');
}

/** The name of the unique constraint or index a query failed on, on either driver, if it says. */
export function uniqueConstraintOf(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    // postgres-js names it `constraint_name`, PGlite `constraint`.
    const { constraint_name: named, constraint } = e as { constraint_name?: unknown; constraint?: unknown };
    if (typeof named === 'string') return named;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Network codes from Node and postgres-js when the server cannot be reached or went away. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * True when the database is briefly away (refused, restarting, shutting down, out of connections):
 * the request may well succeed a few seconds later, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return codesOf(error).some(
    (code) =>
      connectionCodes.has(code) ||
      code.startsWith('08') || // connection exception
      code === '57P01' || // admin_shutdown
      code === '57P02' || // crash_shutdown
      code === '57P03' || // cannot_connect_now (starting up)
      code === '53300', // too_many_connections
  );
}

/**
 * True when PostgreSQL refused a value the request carried (class 22: a NUL byte, a number out of
 * range, text it cannot represent): the client's input, so a 400, never a 500.
 */
export function isRefusedValue(error: unknown): boolean {
  return codesOf(error).some((code) => code.startsWith('22'));
}
