import { liveApi } from '@portal/contracts/api/live';
import { urlOf } from '@portal/contracts/endpoint';
import { type LiveEventKind, liveEventKinds, type LivePayload } from '@portal/contracts/live';
import { useEffect, useRef, useState } from 'react';

/** How the page learns of changes: the stream, or (where it cannot be held) a timer. */
export type LiveMode = 'connecting' | 'live' | 'polling';

/** Errors in a row, without a `ready` between them, after which the page polls instead. */
export const LIVE_FAILURES_BEFORE_POLLING = 3;
/** A stream that has not said `ready` by then is held back by something (a buffering proxy). */
export const LIVE_READY_TIMEOUT_MS = 10_000;
/** While polling, the stream is tried again this often. */
export const LIVE_RETRY_AFTER_MS = 120_000;

export type LiveHandlers = {
  onEvent: (kind: LiveEventKind, payload: LivePayload) => void;
  /** The server ended the stream because the session ended. */
  onEnded: () => void;
};

const parsePayload = (data: unknown): LivePayload => {
  try {
    const value: unknown = JSON.parse(String(data));
    return value && typeof value === 'object' ? (value as LivePayload) : {};
  } catch {
    return {};
  }
};

/**
 * Holds the account's live stream (`GET /api/live`) while `enabled`: each event is handed to
 * `onEvent`; the browser's EventSource reconnects by itself after a drop, sending `Last-Event-ID`,
 * and the server replays what was missed. When the stream keeps failing (a proxy that blocks or
 * buffers streams), the mode turns to `polling` and the stream is tried again every two minutes.
 */
export function useLiveStream(enabled: boolean, handlers: LiveHandlers): LiveMode {
  const [mode, setMode] = useState<LiveMode>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let failures = 0;
    let readyTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const fallBack = () => {
      source?.close();
      source = null;
      clearTimeout(readyTimer);
      setMode('polling');
      retryTimer = setTimeout(connect, LIVE_RETRY_AFTER_MS);
    };

    function connect() {
      if (stopped) return;
      failures = 0;
      setMode((current) => (current === 'polling' ? 'polling' : 'connecting'));
      const opened = new EventSource(urlOf(liveApi.stream));
      source = opened;
      readyTimer = setTimeout(fallBack, LIVE_READY_TIMEOUT_MS);
      opened.addEventListener('ready', () => {
        failures = 0;
        clearTimeout(readyTimer);
        setMode('live');
      });
      for (const kind of liveEventKinds) {
        opened.addEventListener(kind, (event) => latest.current.onEvent(kind, parsePayload(event.data)));
      }
      opened.addEventListener('end', () => {
        opened.close();
        clearTimeout(readyTimer);
        stopped = true;
        latest.current.onEnded();
      });
      opened.onerror = () => {
        failures++;
        // CLOSED: the server refused it (a 401 or 5xx): EventSource gives up by itself.
        if (opened.readyState === EventSource.CLOSED || failures >= LIVE_FAILURES_BEFORE_POLLING) fallBack();
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(readyTimer);
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [enabled]);

  return mode;
}
