import { vi } from 'vitest';

/** A stand-in for the browser's EventSource: the test fires its events. */
export class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

/** Puts the fake in the browser's place (undo with `vi.unstubAllGlobals()`), with no stream opened yet. */
export function stubEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}
