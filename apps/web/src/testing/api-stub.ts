import { vi } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/dates';

export type StubReply = { status?: number; body?: unknown } | 'network-error';
/** A reply, or a function of the request's body and query (to answer each page of a list). */
type StubHandler = StubReply | ((body: unknown, query: URLSearchParams) => StubReply);

export type StubCall = {
  method: string;
  path: string;
  /** The query string, e.g. "?search=ama&page=1" (empty when there is none). */
  search: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
};

/**
 * Replaces fetch at the boundary with canned API answers keyed by "METHOD /path". A call with no
 * stub answers 404 naming itself, so a test that forgot one fails on a readable message.
 */
export function stubApi(routes: Record<string, StubHandler>) {
  const calls: StubCall[] = [];
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = input instanceof Request ? input.url : input.toString();
    const { pathname: path, search } = new URL(url, 'http://localhost');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, search, body, credentials: init?.credentials };
    calls.push(call);

    const handler = routes[`${method} ${path}`];
    const reply = typeof handler === 'function' ? handler(body, new URLSearchParams(search)) : handler;
    if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    const { status = 200, body: replyBody = { message: `No stub for ${method} ${path}` } } = reply ?? {
      status: 404,
    };
    return Promise.resolve(
      new Response(JSON.stringify(replyBody), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls };
}

/** GET /api/ for a signed-in role (with the time zone, as the server answers), or 401 for a visitor. */
export const statusReply = (role: string | null): StubReply =>
  role === null
    ? { status: 401, body: { message: 'Please sign in to continue.' } }
    : { body: { message: role, timeZone: DEFAULT_TIME_ZONE } };
