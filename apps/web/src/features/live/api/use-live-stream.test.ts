import { liveApi } from '@portal/contracts/api/live';
import { urlOf } from '@portal/contracts/endpoint';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, stubEventSource } from '../../../testing/fake-event-source.ts';
import { LIVE_FAILURES_BEFORE_POLLING, LIVE_READY_TIMEOUT_MS, useLiveStream } from './use-live-stream.ts';

beforeEach(() => {
  stubEventSource();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const handlers = () => ({ onEvent: vi.fn(), onEnded: vi.fn() });

describe('useLiveStream', () => {
  it('opens the contract’s stream, says live once ready, and hands each event on', () => {
    const h = handlers();
    const { result } = renderHook(() => useLiveStream(true, h));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe(urlOf(liveApi.stream));
    expect(result.current).toBe('connecting');
    act(() => source.fire('ready'));
    expect(result.current).toBe('live');
    act(() => source.fire('stage', '{"applicationId":"a1"}'));
    expect(h.onEvent).toHaveBeenCalledWith('stage', { applicationId: 'a1' });
  });

  it('polls after repeated errors, and tries the stream again later', () => {
    const { result } = renderHook(() => useLiveStream(true, handlers()));
    const source = FakeEventSource.opened[0]!;
    act(() => {
      for (let i = 0; i < LIVE_FAILURES_BEFORE_POLLING; i++) source.onerror?.();
    });
    expect(result.current).toBe('polling');
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => FakeEventSource.opened[1]!.fire('ready'));
    expect(result.current).toBe('live');
  });

  it('polls when a proxy holds the stream back (no ready in time)', () => {
    const { result } = renderHook(() => useLiveStream(true, handlers()));
    act(() => {
      vi.advanceTimersByTime(LIVE_READY_TIMEOUT_MS);
    });
    expect(result.current).toBe('polling');
  });

  it('stops when the server ends the stream (the session ended)', () => {
    const h = handlers();
    renderHook(() => useLiveStream(true, h));
    act(() => FakeEventSource.opened[0]!.fire('end'));
    expect(h.onEnded).toHaveBeenCalled();
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens nothing while not enabled', () => {
    renderHook(() => useLiveStream(false, handlers()));
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
