import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { http } from '@portal/contracts/messages';

/**
 * Serves the built web app from the same origin as the API, so the session cookie needs no CORS.
 * Any other GET outside /api gets index.html and the client router takes over.
 */
export const webApp = fp(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so they can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  // The static plugin refuses a folder (index: false), so the root is served here explicitly.
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  if (built) app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api')) {
      return reply.status(404).send({ message: http.notFound });
    }
    if (!built) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (or `npm start`, which builds it).');
    }
    return sendIndex(reply);
  });
});
