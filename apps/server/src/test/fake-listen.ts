import type { Listen } from '../db/client.ts';

/** A LISTEN the test speaks through: `tell(channel, payload)`, and `reconnect()` as after a drop. */
export function fakeListen() {
  const heard = new Map<string, { onPayload: (p: string) => void; onListening?: () => void }>();
  const listen: Listen = async (channel, onPayload, onListening) => {
    heard.set(channel, { onPayload, ...(onListening && { onListening }) });
    onListening?.();
    return async () => void heard.delete(channel);
  };
  return {
    listen,
    tell: (channel: string, payload: string) => heard.get(channel)?.onPayload(payload),
    reconnect: () => heard.forEach((h) => h.onListening?.()),
    channels: () => [...heard.keys()].sort(),
  };
}
