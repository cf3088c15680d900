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

async function readMessage(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API and resolves to the `message` of its `{ message }` body. Sends the session cookie,
 * speaks JSON, gives up after 10 s. It never shows anything itself: the caller decides what the
 * user sees.
 */
async function request<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs);

  let response: Response;
  let message: unknown;
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
    message = await readMessage(response);
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
  return message as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body: unknown = {}) => request<T>('POST', url, body),
  put: <T>(url: string, body: unknown) => request<T>('PUT', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
