import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { http } from '@portal/contracts/messages';
import { roleHomes } from '@portal/contracts/links';
import { readSessionToken } from '../lib/session-cookie.ts';
import type { SessionAccount } from './access.ts';
import { serverRenderedPages } from './server-rendered-pages.ts';

export const webAppNotBuilt =
  'The web app is not built yet: run `npm run build` (or `npm start`, which builds it).';

/** Each `pages/<path>.html` of the build as [`/<path>`, its file under the build folder]. */
function prerenderedPages(distDir: string): [string, string][] {
  const pagesDir = path.join(distDir, 'pages');
  if (!fs.existsSync(pagesDir)) return [];
  return fs
    .readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const route = file.slice(0, -'.html'.length).split(path.sep).join('/');
      return [`/${route}`, `pages/${route}.html`];
    });
}

/**
 * Serves the built web app from the same origin as the API, so the session cookie needs no CORS.
 * Any other GET outside /api gets index.html and the client router takes over. The build writes a
 * brotli and a gzip copy beside each file (apps/web/compress-assets.ts); they are sent as they are
 * to a browser that takes them, with `Vary: accept-encoding`, so nothing is compressed per request.
 */
export const webApp = fp(
  async (
    app: FastifyInstance,
    {
      distDir,
      timeZone,
      maxRenderingAtOnce,
      resolveSession,
    }: {
      distDir: string;
      timeZone: string;
      maxRenderingAtOnce?: number;
      /** Who a session cookie belongs to (auth's), so a signed-in visitor of `/` goes to their home. */
      resolveSession: (token: string) => Promise<SessionAccount | null>;
    },
  ) => {
    const built = fs.existsSync(path.join(distDir, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        index: false,
        preCompressed: true,
        // Set here, after the static plugin's own `public, max-age=0`, which replaced a header set
        // before sendFile. Vite puts a content hash in every asset name, so those are cached for good;
        // anything else (index.html, the icon) is revalidated on every visit, so a release shows at once.
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    // The static plugin refuses a folder (index: false), so the root is served here explicitly: as
    // landing.html, the same page with the landing page already rendered in it, when the build made one.
    const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html');
    const landing = fs.existsSync(path.join(distDir, 'landing.html')) ? 'landing.html' : 'index.html';
    if (built) {
      // A signed-in visitor is sent to their home by the server, before any page loads (a 302, never
      // cached: the same address answers a visitor with the landing page). A cookie that names no
      // session, or a failed look-up, gets the landing page: it is readable as it is.
      app.get('/', async (request, reply) => {
        const token = readSessionToken(request);
        const account = token ? await resolveSession(token).catch(() => null) : null;
        if (account) return reply.header('cache-control', 'no-store').redirect(roleHomes[account.role], 302);
        return reply.sendFile(landing);
      });
      // The other pages the build rendered (the sign-in forms): dist/pages/<path>.html is sent for <path>.
      for (const [route, file] of prerenderedPages(distDir)) {
        app.get(route, (_request, reply) => reply.sendFile(file));
      }
    }

    // Some pages go out rendered with the signed-in user's data (server-rendered-pages.ts).
    const sendRendered = built
      ? serverRenderedPages(app, { distDir, timeZone, maxAtOnce: maxRenderingAtOnce })
      : null;

    app.setNotFoundHandler(async (request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/api')) {
        return reply.status(404).send({ message: http.notFound });
      }
      // A JSON answer like every other 4xx (a client sees a message either way).
      if (!built) return reply.status(404).send({ message: webAppNotBuilt });
      if (sendRendered && (await sendRendered(request, reply))) return reply;
      return sendIndex(reply);
    });
  },
);
