import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { authApi } from '@portal/contracts/api/auth';
import { roles } from '@portal/contracts/common';
import { auth, passwords } from '@portal/contracts/messages';
import { readDeviceToken, setDeviceCookie } from '../../lib/device-cookie.ts';
import { currentCollegeId } from '../../lib/current-college.ts';
import { route } from '../../lib/route.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../lib/session-cookie.ts';
import type { AuthService, NewSession } from './auth.service.ts';

export async function authRoutes(
  app: FastifyInstance,
  {
    authService,
    cookieSecure,
    rateLimit,
    timeZone,
  }: {
    authService: AuthService;
    cookieSecure: boolean;
    rateLimit: preHandlerAsyncHookHandler;
    /** The deployment's time zone, told to the web with the role. */
    timeZone: string;
  },
) {
  const signedUp = (reply: FastifyReply, session: NewSession) => {
    setSessionCookie(reply, session.token, session.expiresAt, cookieSecure);
    return auth.signedUp;
  };
  const limited = { preHandler: rateLimit };

  route(app, authApi.status, async ({ account }) => ({ message: account.role, timeZone }));

  route(
    app,
    authApi.student.signup,
    async ({ body, reply, request }) =>
      signedUp(reply, await authService.signupStudent(body, currentCollegeId(request))),
    limited,
  );
  route(
    app,
    authApi['college-staff'].signup,
    async ({ body, reply, request }) =>
      signedUp(reply, await authService.signupStaff(body, currentCollegeId(request))),
    limited,
  );
  route(
    app,
    authApi.company.signup,
    async ({ body, reply, request }) =>
      signedUp(reply, await authService.signupCompany(body, currentCollegeId(request))),
    limited,
  );

  for (const role of roles) {
    route(
      app,
      authApi[role].signin,
      async ({ body, request, reply }) => {
        const session = await authService.signin(role, body.emailID, body.password, {
          address: request.ip,
          deviceToken: readDeviceToken(request),
          collegeId: currentCollegeId(request),
        });
        setSessionCookie(reply, session.token, session.expiresAt, cookieSecure);
        setDeviceCookie(reply, session.device.token, session.device.expiresAt, cookieSecure);
        return role === 'company' ? auth.welcome(session.firstName) : auth.signedIn;
      },
      limited,
    );

    route(
      app,
      authApi[role].resetPassword,
      async ({ account, body }) => {
        await authService.changePassword(account, body.currentPassword, body.newPassword);
        return passwords.changed;
      },
      limited,
    );

    route(app, authApi[role].signout, async ({ request, reply }) => {
      await authService.signout(readSessionToken(request));
      clearSessionCookie(reply, cookieSecure);
      return auth.signedOut;
    });
  }
}
