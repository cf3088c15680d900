import { endpoint } from '../endpoint.ts';
import { liveEvent } from '../live.ts';

const tags = ['live'];

/** Updates pushed to the browser. */
export const liveApi = {
  stream: endpoint({
    method: 'GET',
    path: '/api/live',
    access: 'signed-in',
    tags,
    summary: 'A server-sent-events stream of what changed for the signed-in account',
    description:
      'Each event has an `id`, a kind (`event:`) and a JSON `data` naming what changed; a browser that ' +
      'reconnects with `Last-Event-ID` is first sent every event it missed (from the last hours), once. ' +
      'A comment line every 25 seconds keeps proxies from closing it; it closes when the session ends.',
    raw: { produces: ['text/event-stream'] },
    response: liveEvent,
  }),
};
