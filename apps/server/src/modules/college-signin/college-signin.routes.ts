import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { collegeSigninApi as api } from '@portal/contracts/api/college-signin';
import { signinErrorPage } from '@portal/contracts/college-signin';
import { roleHomes } from '@portal/contracts/links';
import { currentCollegeId } from '../../lib/current-college.ts';
import { readDeviceToken, setDeviceCookie } from '../../lib/device-cookie.ts';
import { route } from '../../lib/route.ts';
import { setSessionCookie } from '../../lib/session-cookie.ts';
import type { CollegeSigninService } from './college-signin.service.ts';

/** The browser's half of a sign-in under way: sent only to /api/oidc/, for 10 minutes. */
const SIGNIN_COOKIE = 'portal_oidc';
const SIGNIN_COOKIE_PATH = '/api/oidc/';

const redirect = (reply: FastifyReply, to: string) =>
  reply.header('cache-control', 'no-store').redirect(to, 302);

export async function collegeSigninRoutes(
  app: FastifyInstance,
  {
    collegeSigninService: service,
    cookieSecure,
    rateLimit,
  }: {
    collegeSigninService: CollegeSigninService;
    cookieSecure: boolean;
    rateLimit: preHandlerAsyncHookHandler;
  },
) {
  const limited = { preHandler: rateLimit };

  route(app, api.options, ({ query, request }) => service.options(currentCollegeId(request), query.role));

  route(
    app,
    api.start,
    async ({ params, query, request, reply }) => {
      const started = await service.start(currentCollegeId(request), params.id, query.role);
      if (!started.ok) return redirect(reply, signinErrorPage(started.role, started.code));
      // SameSite=Lax: the provider sends the browser back with a top-level GET, which carries it.
      reply.setCookie(SIGNIN_COOKIE, started.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure,
        path: SIGNIN_COOKIE_PATH,
        expires: started.expiresAt,
      });
      return redirect(reply, started.url);
    },
    limited,
  );

  route(
    app,
    api.callback,
    async ({ request, reply }) => {
      const at = request.url.indexOf('?');
      const finished = await service.finish(
        currentCollegeId(request),
        request.cookies[SIGNIN_COOKIE],
        at === -1 ? '' : request.url.slice(at),
        readDeviceToken(request),
      );
      reply.clearCookie(SIGNIN_COOKIE, {
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure,
        path: SIGNIN_COOKIE_PATH,
      });
      if (!finished.ok) return redirect(reply, signinErrorPage(finished.role, finished.code));
      const { session } = finished;
      setSessionCookie(reply, session.token, session.expiresAt, cookieSecure);
      setDeviceCookie(reply, session.device.token, session.device.expiresAt, cookieSecure);
      return redirect(reply, roleHomes[finished.role]);
    },
    limited,
  );

  route(app, api.settings, ({ request }) => service.settings(currentCollegeId(request)));
  route(app, api.create, ({ account, body, request }) =>
    service.create(account, currentCollegeId(request), body),
  );
  route(app, api.update, ({ account, body, params, request }) =>
    service.update(account, currentCollegeId(request), params.id, body),
  );
  route(app, api.remove, ({ params, request }) => service.remove(currentCollegeId(request), params.id));
  route(app, api.test, ({ body }) => service.test(body.issuer));
  route(app, api.passwords, ({ account, body, request }) =>
    service.savePasswords(account, currentCollegeId(request), body),
  );
}
