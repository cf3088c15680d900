/**
 * A live-stream client for the cluster test and `npm run bench:live`: what a browser's EventSource
 * does, on `node:http` (many thousands of streams from one process), parsing the frames as they come.
 */
import http from 'node:http';

export type LiveFrame = { id: number | undefined; event: string; data: string; at: number };

export type LiveClient = {
  frames: LiveFrame[];
  /** Events other than `ready`. */
  events: () => LiveFrame[];
  /** The id of the last event with one (what a browser would send as Last-Event-ID). */
  lastId: () => number | undefined;
  /** Called with every frame as it arrives. */
  onFrame: ((frame: LiveFrame) => void) | undefined;
  until: (check: () => boolean, what: string, ms?: number) => Promise<void>;
  close: () => void;
};

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** Opens `GET /api/live` on `base` and resolves once the stream said `ready`. */
export function openLiveStream(
  base: string,
  cookie: string,
  options: { lastEventId?: number | undefined; timeoutMs?: number } = {},
): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/live', base);
    const request = http.get(
      url,
      {
        agent,
        headers: {
          cookie,
          accept: 'text/event-stream',
          ...(options.lastEventId !== undefined ? { 'last-event-id': String(options.lastEventId) } : {}),
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET /api/live answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let text = '';
        let ready = false;
        response.on('data', (chunk: string) => {
          text += chunk;
          let cut: number;
          while ((cut = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            let id: number | undefined;
            let event = '';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) id = Number(line.slice(4));
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (!event) continue;
            const frame = { id, event, data, at: performance.now() };
            client.frames.push(frame);
            client.onFrame?.(frame);
            if (event === 'ready' && !ready) {
              ready = true;
              resolve(client);
            }
          }
        });
        response.on('error', () => {});
      },
    );
    request.on('error', reject);
    request.setTimeout(options.timeoutMs ?? 60_000, () =>
      request.destroy(new Error('no answer from /api/live')),
    );
    const client: LiveClient = {
      frames: [],
      events: () => client.frames.filter((f) => f.event !== 'ready'),
      lastId: () => {
        const withId = client.frames.filter((f) => f.id !== undefined);
        return withId.length > 0 ? Math.max(...withId.map((f) => f.id!)) : undefined;
      },
      onFrame: undefined,
      async until(check, what, ms = 5_000) {
        const deadline = Date.now() + ms;
        while (!check()) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
          await new Promise((r) => setTimeout(r, 5));
        }
      },
      close: () => request.destroy(),
    };
  });
}
