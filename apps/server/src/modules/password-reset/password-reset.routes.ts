import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, roles } from '@portal/contracts/common';
import { recovery } from '@portal/contracts/messages';
import {
  checkResetLinkBody,
  forgotPasswordBody,
  resetForgottenPasswordBody,
} from '@portal/contracts/password-reset';
import { readDeviceToken, setDeviceCookie } from '../../lib/device-cookie.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { PasswordResetService } from './password-reset.service.ts';

const confirmation = { 200: envelope(z.string()), ...errorResponses };

/** "Forgot Password": a link by email, then a new password chosen on the page it opens. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{
  passwordResetService: PasswordResetService;
  requestRateLimit: preHandlerAsyncHookHandler;
  attemptRateLimit: preHandlerAsyncHookHandler;
  cookieSecure: boolean;
}> = async (app, { passwordResetService: service, requestRateLimit, attemptRateLimit, cookieSecure }) => {
  // Requests answered but still at work: closing the app waits for them before the database goes.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });

  for (const role of roles) {
    app.post(
      `/api/${role}/forgotPassword`,
      {
        config: { access: 'public' },
        preHandler: requestRateLimit,
        schema: {
          tags: ['auth'],
          summary: 'Email a link to choose a new password (same answer whether the account exists or not)',
          body: forgotPasswordBody,
          response: confirmation,
        },
      },
      async (request, reply) => {
        // Answer first, then look the account up: how long the answer takes cannot tell whether the
        // account exists. A failure is logged; the link is asked for again in a minute, not lost data.
        await reply.send({ message: recovery.linkSent });
        const work = service.request(role, request.body.emailID).catch((error: unknown) => {
          request.log.error({ err: error }, 'could not issue a password reset link');
        });
        pending.add(work);
        await work;
        pending.delete(work);
        return reply;
      },
    );

    app.post(
      `/api/${role}/checkResetLink`,
      {
        config: { access: 'public' },
        preHandler: attemptRateLimit,
        schema: {
          tags: ['auth'],
          summary: 'Whether an emailed link can still be used',
          body: checkResetLinkBody,
          response: confirmation,
        },
      },
      async (request) => {
        await service.check(role, request.body.token);
        return { message: recovery.linkValid };
      },
    );

    app.post(
      `/api/${role}/resetForgottenPassword`,
      {
        config: { access: 'public' },
        preHandler: attemptRateLimit,
        schema: {
          tags: ['auth'],
          summary: "Choose a new password with an emailed link; ends all the account's sessions",
          body: resetForgottenPasswordBody,
          response: confirmation,
        },
      },
      async (request, reply) => {
        const { body } = request;
        const device = await service.reset(role, body.token, body.newPassword, readDeviceToken(request));
        setDeviceCookie(reply, device.token, device.expiresAt, cookieSecure);
        return { message: recovery.reset };
      },
    );
  }
};
