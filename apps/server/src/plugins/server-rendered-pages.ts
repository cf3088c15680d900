import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the web's server-side build (apps/web/src/app/render-pages.tsx) exports, as used here. */
type RenderModule = {
  serverRenderedPages: Record<
    string,
    {
      template: string;
      reads: (url: URL) => string[];
      render: (url: URL, answers: unknown[], timeZone: string) => Promise<{ html: string; data: string }>;
    }
  >;
  pageTemplate: { html: string; data: string; file: (name: string) => string };
};

/** Only a URL's path and query are read; the origin is a placeholder. */
const origin = 'http://portal.invalid';

/**
 * The pages the server sends rendered for a signed-in user (today the student's vacancy page):
 * their HTML carries the page and the answers it was drawn from, so a phone shows it before the
 * app's scripts have arrived, and the app, once there, adopts it (hydrates it) without asking again.
 *
 * The page is drawn from the API's own answers: each read is this server's API route, called in
 * process (`inject`) with the browser's cookie and address, so the same checks, limits, audit trail
 * and response schemas apply as when the browser asks. Any answer but a 200 (signed out, another
 * role, a suspended account), a missing build or a failed render sends the plain app instead, which
 * then shows what it shows today; rendering is never the reason a page fails.
 *
 * Returns the handler (true when it answered), or null when the web app has no server-side build.
 */
export function serverRenderedPages(
  app: FastifyInstance,
  { distDir, timeZone, maxAtOnce = 8 }: { distDir: string; timeZone: string; maxAtOnce?: number },
) {
  const entry = path.join(path.dirname(distDir), 'dist-ssr', 'render-pages.js');
  if (!fs.existsSync(entry)) return null;
  // Loaded at the first such page, not at start-up (React's server renderer is a large module).
  let loading: Promise<RenderModule> | undefined;
  const load = () => (loading ??= import(pathToFileURL(entry).href) as Promise<RenderModule>);
  const templates = new Map<string, Promise<string>>();
  const template = (file: string) => {
    let read = templates.get(file);
    if (!read) {
      read = fs.promises.readFile(path.join(distDir, file), 'utf8');
      templates.set(file, read);
    }
    return read;
  };

  // Rendering costs the server several milliseconds of CPU a page, on top of the API's answers. In a
  // rush (the minute a large company posts), pages beyond `maxAtOnce` being rendered go out plain:
  // the phone draws them itself, as before, and the server's answers stay quick for everyone.
  let rendering = 0;

  return async function sendRendered(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const cookie = request.headers.cookie;
    if (!cookie || rendering >= maxAtOnce) return false;
    const url = new URL(request.url, origin);
    rendering += 1;
    try {
      const { serverRenderedPages: pages, pageTemplate } = await load();
      const page = Object.hasOwn(pages, url.pathname) ? pages[url.pathname] : undefined;
      if (!page) return false;
      const answers = await Promise.all(
        page.reads(url).map((read) =>
          app.inject({
            method: 'GET',
            url: read,
            headers: { cookie, accept: 'application/json' },
            remoteAddress: request.ip,
          }),
        ),
      );
      if (answers.some((answer) => answer.statusCode !== 200)) return false;
      const rendered = await page.render(
        url,
        answers.map((answer) => answer.json()),
        timeZone,
      );
      const frame = await template(pageTemplate.file(page.template));
      const html = frame
        .replace(pageTemplate.html, () => rendered.html)
        .replace(pageTemplate.data, () => rendered.data);
      // The student's own data: no browser or proxy keeps it.
      await reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
      return true;
    } catch (error) {
      request.log.warn({ err: error, page: url.pathname }, 'could not render the page; sent the app instead');
      return false;
    } finally {
      rendering -= 1;
    }
  };
}
