import { authApi } from '@portal/contracts/api/auth';
import { studentsApi } from '@portal/contracts/api/students';
import { toasts } from '@portal/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../testing/api-stub.ts';
import { api, ApiError, requestTimeoutMs } from './api-client.ts';

describe('api client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resolves to the body's message and sends the session cookie with a JSON body", async () => {
    const { calls } = stubApi({
      'POST /api/student/signin': { body: { message: 'Signed In successfully' } },
    });

    await expect(
      api.call(authApi.student.signin, { body: { emailID: 'a@b.co', password: 'x' } }),
    ).resolves.toBe('Signed In successfully');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/student/signin',
        search: '',
        body: { emailID: 'a@b.co', password: 'x' },
        credentials: 'include',
      },
    ]);
  });

  it("passes the server's message through with the status", async () => {
    stubApi({
      'GET /api/student/getUserData': { status: 403, body: { message: 'You are Suspended, Contact Admin.' } },
    });

    const error = await api.call(studentsApi.profile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'You are Suspended, Contact Admin.' });
  });

  it('names the status when the server sent no message', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));

    await expect(api.call(authApi.status)).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status code 502',
    });
  });

  it('gives the network message when no response arrives', async () => {
    stubApi({ 'GET /api/': 'network-error' });

    await expect(api.call(authApi.status)).rejects.toMatchObject({ status: 0, message: toasts.network });
    expect(toasts.network).toBe('Network error. Please check your connection.');
  });

  it('gives up after 10 seconds with the timeout message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

    const call = api.call(studentsApi.profile);
    const outcome = expect(call).rejects.toMatchObject({
      status: 0,
      message: 'Request timed out. Please try again.',
    });
    await vi.advanceTimersByTimeAsync(requestTimeoutMs);
    await outcome;
  });
});
