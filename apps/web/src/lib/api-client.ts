import { type CallInput, type EndpointShape, type ResponseOf, urlOf } from '@portal/contracts/endpoint';
import { toasts } from '@portal/contracts/messages';

/** The spec's client timeout. */
export const requestTimeoutMs = 10_000;

/**
 * A failed call. `message` is the text to show the user: the server's `message` when it sent one,
 * otherwise the spec's timeout, network or generic status text. `status` is 0 when no response came;
 * `serverMessage` is set only when the server itself explained the failure.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, serverMessage?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The text to show for any error a call can reject with. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What a call resolves to: the `message` of the API's `{ message }` body. */
export const messageOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;

/**
 * Calls the API and resolves to the `message` of its `{ message }` body. Sends the session cookie,
 * speaks JSON, gives up after 10 s. It never shows anything itself: the caller decides what the
 * user sees.
 */
async function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  { timeoutMs = requestTimeoutMs, whole = false }: { timeoutMs?: number; whole?: boolean } = {},
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  let response: Response;
  let message: unknown;
  let answer: unknown;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    answer = await readBody(response);
    message = messageOf(answer);
  } catch {
    // fetch rejects only when no (complete) response arrived: aborted by our timer, or the network.
    throw new ApiError(0, timedOut ? toasts.timeout : toasts.network);
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const serverMessage = typeof message === 'string' && message !== '' ? message : undefined;
    throw new ApiError(
      response.status,
      serverMessage ?? `Request failed with status code ${response.status}`,
      serverMessage,
    );
  }
  return (whole ? answer : message) as T;
}

type CallOptions = { timeoutMs?: number };

/** The arguments of a call: its input (optional when the endpoint needs none), then options. */
type CallArgs<E extends EndpointShape> =
  object extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

/** A call's input as the client handles it, whatever the endpoint. */
type AnyInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

export const api = {
  /**
   * Calls an endpoint described in the contracts: its method and path, the path parameters, query
   * and body it declares (type-checked against its schemas), resolving to the `message` it answers.
   */
  call: <E extends EndpointShape>(e: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> => {
    const [input, options] = args as [AnyInput | undefined, CallOptions | undefined];
    const body = input?.body ?? (e.method === 'GET' || e.method === 'DELETE' ? undefined : {});
    return request<ResponseOf<E>>(e.method, urlOf(e, input), body, { ...options, whole: e.whole === true });
  },
  /** The URL of an endpoint that answers with a file (CSV, ZIP, PDF, calendar): for a link. */
  href: <E extends EndpointShape>(e: E, ...args: CallArgs<E>): string =>
    urlOf(e, (args as [AnyInput | undefined])[0]),
};
