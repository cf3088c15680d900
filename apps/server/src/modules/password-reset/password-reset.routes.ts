import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { passwordResetApi } from '@portal/contracts/api/password-reset';
import { roles } from '@portal/contracts/common';
import { recovery } from '@portal/contracts/messages';
import { readDeviceToken, setDeviceCookie } from '../../lib/device-cookie.ts';
import { currentCollegeId } from '../../lib/current-college.ts';
import { route } from '../../lib/route.ts';
import type { PasswordResetService } from './password-reset.service.ts';

/** "Forgot Password": a link by email, then a new password chosen on the page it opens. */
export async function passwordResetRoutes(
  app: FastifyInstance,
  {
    passwordResetService: service,
    requestRateLimit,
    attemptRateLimit,
    cookieSecure,
  }: {
    passwordResetService: PasswordResetService;
    requestRateLimit: preHandlerAsyncHookHandler;
    attemptRateLimit: preHandlerAsyncHookHandler;
    cookieSecure: boolean;
  },
) {
  // Requests answered but still at work: closing the app waits for them before the database goes.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });

  for (const role of roles) {
    route(
      app,
      passwordResetApi[role].forgotPassword,
      async ({ body, request, reply }) => {
        await service.ensurePasswordsOn(role, currentCollegeId(request));
        // Answer first, then look the account up: how long the answer takes cannot tell whether the
        // account exists. A failure is logged; the link is asked for again in a minute, not lost data.
        const lookUp = () => {
          const work = service
            .request(role, body.emailID)
            .catch((error: unknown) => {
              request.log.error({ err: error }, 'could not issue a password reset link');
            })
            .finally(() => pending.delete(work));
          pending.add(work);
        };
        // The reply is done (sent, or its connection gone): either way the request was made.
        reply.then(lookUp, lookUp);
        return recovery.linkSent;
      },
      { preHandler: requestRateLimit },
    );

    route(
      app,
      passwordResetApi[role].checkResetLink,
      async ({ body, request }) => {
        await service.ensurePasswordsOn(role, currentCollegeId(request));
        await service.check(role, body.token);
        return recovery.linkValid;
      },
      { preHandler: attemptRateLimit },
    );

    route(
      app,
      passwordResetApi[role].resetForgottenPassword,
      async ({ body, request, reply }) => {
        await service.ensurePasswordsOn(role, currentCollegeId(request));
        const device = await service.reset(role, body.token, body.newPassword, readDeviceToken(request));
        setDeviceCookie(reply, device.token, device.expiresAt, cookieSecure);
        return recovery.reset;
      },
      { preHandler: attemptRateLimit },
    );
  }
}
