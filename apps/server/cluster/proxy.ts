/**
 * A small round-robin proxy for the two-instance test and the bench: what a load balancer in front
 * of several portal processes does, in `node:http`, so CI needs nothing installed for it.
 *
 * - Each request goes to the next instance in turn, skipping one that refused a connection in the
 *   last `downForMs` (a stopped instance is marked down, then tried again).
 * - A request is passed to another instance when the first could not be reached at all
 *   (connection refused: it was never delivered, so any method is safe to send again), and a
 *   GET or HEAD also when the connection broke before an answer came or the instance answered 503
 *   (it is shutting down, or lost its database). A PUT, POST, PATCH or DELETE
 *   that may have reached an instance is not sent twice: `PUT updateProfileDetail` adds an entry
 *   (the spec's contract), so repeating it could add the entry twice. Such a request answers 502
 *   and the client decides.
 * - Each answer says which instance gave it (`x-upstream: 1|2…`), for the tests; the request's
 *   address is passed on in `X-Forwarded-For` (the instances trust it with `TRUST_PROXY`).
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

const SAFE_TO_REPEAT = new Set(['GET', 'HEAD', 'OPTIONS']);

export type Proxy = {
  url: string;
  /** Answers given by each instance (index as in `upstreams`). */
  served: number[];
  /** Requests passed to another instance after the first failed. */
  retried: number;
  close: () => Promise<void>;
};

export async function startProxy(
  upstreams: string[],
  options: { downForMs?: number; port?: number } = {},
): Promise<Proxy> {
  const downForMs = options.downForMs ?? 1_000;
  const targets = upstreams.map((base) => new URL(base));
  const downUntil = targets.map(() => 0);
  const served = targets.map(() => 0);
  let next = 0;
  let retried = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  /** The next instance in turn that is not marked down (or, when all are, the next in turn). */
  const pick = (exclude: Set<number>): number | undefined => {
    const now = Date.now();
    for (let i = 0; i < targets.length; i++) {
      const index = (next + i) % targets.length;
      if (!exclude.has(index) && downUntil[index]! <= now) {
        next = index + 1;
        return index;
      }
    }
    for (let i = 0; i < targets.length; i++) {
      const index = (next + i) % targets.length;
      if (!exclude.has(index)) {
        next = index + 1;
        return index;
      }
    }
    return undefined;
  };

  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    tried: Set<number>,
  ) => {
    const index = pick(tried);
    if (index === undefined) {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'No instance could take the request.' }));
      return;
    }
    tried.add(index);
    const safe = SAFE_TO_REPEAT.has(request.method ?? '');
    const target = targets[index]!;
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request({
      agent,
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'x-forwarded-for': forwardedFor, 'content-length': body.length },
    });
    upstream.on('response', (answer) => {
      // An instance shutting down answers 503 to what reaches it meanwhile: a read goes elsewhere.
      if (answer.statusCode === 503 && safe && tried.size < targets.length) {
        answer.resume();
        retried++;
        forward(request, body, response, tried);
        return;
      }
      served[index]!++;
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index + 1) });
      answer.pipe(response);
      answer.on('error', () => response.destroy());
      // A client that leaves (a closed live stream) ends the request upstream too, as a balancer does.
      response.on('close', () => {
        if (!answer.complete) upstream.destroy();
      });
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const neverDelivered = error.code === 'ECONNREFUSED';
      if (neverDelivered) downUntil[index] = Date.now() + downForMs;
      if (neverDelivered || safe) {
        retried++;
        forward(request, body, response, tried);
        return;
      }
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'The instance stopped before answering.' }));
    });
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    // The body is kept so that the request can be sent again to another instance.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, new Set()));
  });
  server.keepAliveTimeout = 30_000;
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    served,
    get retried() {
      return retried;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      agent.destroy();
      await once(server, 'close').catch(() => {});
    },
  };
}
