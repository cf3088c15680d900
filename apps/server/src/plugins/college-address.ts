import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { COLLEGE_COOKIE, collegeMessages, collegeSlug } from '@portal/contracts/colleges';
import type { CollegesService } from '../modules/colleges/colleges.service.ts';

/**
 * A college's address: `/c/<slug>/<page>` keeps the college for this browser (a cookie its
 * sign-in and sign-up requests carry) and opens `/<page>`; once signed in, the account's own
 * college decides (lib/current-college.ts). Each API request reads that cookie here.
 */
export const collegeAddress = fp(
  async (
    app: FastifyInstance,
    { collegesService, cookieSecure }: { collegesService: CollegesService; cookieSecure: boolean },
  ) => {
    app.decorateRequest('addressedCollege', null);
    app.addHook('onRequest', async (request) => {
      const slug = request.cookies[COLLEGE_COOKIE];
      if (!slug || !request.url.startsWith('/api/')) return;
      const parsed = collegeSlug.safeParse(slug);
      request.addressedCollege = parsed.success
        ? ((await collegesService.bySlug(parsed.data))?.id ?? null)
        : null;
    });

    const open = async (slug: string, rest: string, reply: FastifyReply) => {
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
      const to = `/${rest}`.replace(/^\/+/, '/').replace(/[\\]/g, '');
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    };
    app.get<{ Params: { slug: string } }>('/c/:slug', (request, reply) =>
      open(request.params.slug, '', reply),
    );
    app.get<{ Params: { slug: string; '*': string } }>('/c/:slug/*', (request, reply) =>
      open(request.params.slug, request.params['*'], reply),
    );
  },
);
