import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { COLLEGE_COOKIE, collegeMessages, collegeSlug } from '@portal/contracts/colleges';
import type { CollegesService } from '../modules/colleges/colleges.service.ts';

/**
 * The host name a request was sent to, as colleges are given theirs: the Host header lower-cased,
 * without its port (`Placements.North.edu:8443` → `placements.north.edu`, `[::1]:3000` → `[::1]`).
 */
export function hostOf(header: string | undefined): string | null {
  const host = (header ?? '').trim().toLowerCase();
  if (!host) return null;
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1) || null;
  return host.replace(/:\d*$/, '') || null;
}

/**
 * A college's address: `/c/<slug>/<page>` keeps the college for this browser (a cookie its
 * sign-in and sign-up requests carry) and opens `/<page>`; a college's own host name
 * (`npm run college -- host <slug> <host>`) addresses it the same way without the cookie. Once
 * signed in, the account's own college decides (lib/current-college.ts). Each API request reads
 * the cookie, then the host, here.
 */
export const collegeAddress = fp(
  async (
    app: FastifyInstance,
    { collegesService, cookieSecure }: { collegesService: CollegesService; cookieSecure: boolean },
  ) => {
    app.decorateRequest('addressedCollege', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const slug = request.cookies[COLLEGE_COOKIE];
      const parsed = slug ? collegeSlug.safeParse(slug) : null;
      const addressed = parsed?.success ? await collegesService.bySlug(parsed.data) : null;
      const host = addressed ? null : hostOf(request.headers.host);
      request.addressedCollege =
        addressed?.id ?? (host ? ((await collegesService.byHost(host))?.id ?? null) : null);
    });

    const open = async (slug: string, rest: string, url: string, reply: FastifyReply) => {
      const parsed = collegeSlug.safeParse(slug);
      const college = parsed.success ? await collegesService.bySlug(parsed.data) : null;
      if (!college)
        return reply.code(404).type('text/plain; charset=utf-8').send(collegeMessages.noSuchCollege);
      reply.setCookie(COLLEGE_COOKIE, college.slug, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        secure: cookieSecure,
        maxAge: 60 * 60 * 24 * 365,
      });
      // Only a path of this site: never an address elsewhere.
      // The query goes along: an email's link carries its token there (`/c/north/reset-password?token=…`).
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      const to = `/${rest}`.replace(/^\/+/, '/').replace(/[\\]/g, '') + query;
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    };
    app.get<{ Params: { slug: string } }>('/c/:slug', (request, reply) =>
      open(request.params.slug, '', request.url, reply),
    );
    app.get<{ Params: { slug: string; '*': string } }>('/c/:slug/*', (request, reply) =>
      open(request.params.slug, request.params['*'], request.url, reply),
    );
  },
);
