/**
 * What the server writes about a request or an error, and nothing more. Errors from the database
 * drivers carry the failed query's parameters (Drizzle puts them in the message and in `params`;
 * PostgreSQL's `detail` quotes the offending value), and those are emails, phones and password
 * hashes. So an error is logged by an allow-list of fields, its message and stack cut before any
 * "params:" part, and a request by its method and path, never its query string, headers or body.
 */

type LoggedError = {
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: LoggedError;
};

/** Drizzle's "Failed query: <sql>\nparams: <values>" keeps the SQL (bound, so value-free) and drops the values. */
const withoutParams = (text: string) =>
  text.replace(/\nparams:[\s\S]*?(?=\n {4}at |$)/g, '\nparams: [not logged]');

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = {
    type: error.constructor.name || error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
  };
  if (typeof code === 'string' || typeof code === 'number') logged.code = String(code);
  if (error.cause !== undefined && depth < 5) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

type RequestLike = { method: string; url: string; routeOptions?: { url?: string }; ip?: string };

/** A calendar feed's path holds its token, the only key to the feed: the log names the route only. */
const redactTokens = (path: string) => path.replace(/^\/api\/calendar\/[^/]*/, '/api/calendar/[token]');

/** The path without its query string (queries can carry search terms and tokens) or a feed's token. */
export function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: redactTokens(request.url.split('?')[0] ?? ''),
    remoteAddress: request.ip,
  };
}
