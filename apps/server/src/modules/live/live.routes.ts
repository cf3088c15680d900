import type { FastifyInstance } from 'fastify';
import { liveApi } from '@portal/contracts/api/live';
import { lastEventId } from '@portal/contracts/live';
import { live } from '@portal/contracts/messages';
import { BadRequest } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import type { LiveHub } from './live.service.ts';

/**
 * `GET /api/live`, server-sent events written by hand: the protocol is a few text lines per event,
 * and the hub already does what an SSE library's channels would (fan-out, replay, heartbeats), so
 * the route only takes the socket over and hands the hub a sink.
 */
export async function liveRoutes(app: FastifyInstance, { liveHub }: { liveHub: LiveHub }) {
  route(app, liveApi.stream, async ({ account, request, reply }) => {
    const header = request.headers['last-event-id'];
    let after: number | undefined;
    if (header !== undefined) {
      const parsed = lastEventId.safeParse(header);
      if (!parsed.success) throw new BadRequest(live.badLastEventId);
      after = parsed.data;
    }
    const res = reply.raw;
    reply.hijack();
    // Not chunked: a stream's body ends only when its connection closes, so it needs no framing,
    // and each event is one write to the socket instead of four (size, CRLF, event, CRLF). A change
    // sent to thousands of streams spends most of its time writing to their sockets
    // (docs/scaling.md, "Live streams on one instance").
    res.removeHeader('transfer-encoding');
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
      // nginx and similar proxies pass the stream on as it is written instead of buffering it.
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    const sink = {
      write: (chunk: string) => void res.write(chunk),
      buffered: () => res.writableLength,
      end: () => res.end(),
    };
    let closeStream: (() => void) | undefined;
    let gone = false;
    res.on('close', () => {
      gone = true;
      closeStream?.();
    });
    try {
      closeStream = await liveHub.open({ accountId: account.id, tokenHash: account.tokenHash }, after, sink);
      if (gone) closeStream();
    } catch (error) {
      request.log.error({ err: error }, 'live stream: could not open');
      res.end();
    }
    return reply;
  });
}
