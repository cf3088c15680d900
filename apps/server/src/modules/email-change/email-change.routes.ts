import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, roles } from '@portal/contracts/common';
import { confirmEmailChangeBody } from '@portal/contracts/email-change';
import { emailChange } from '@portal/contracts/messages';
import { errorResponses } from '../../lib/error-responses.ts';
import type { EmailChangeService } from './email-change.service.ts';

/** The page the link sent to a new address opens posts its token here. */
export const emailChangeRoutes: FastifyPluginAsyncZod<{
  emailChangeService: EmailChangeService;
  attemptRateLimit: preHandlerAsyncHookHandler;
}> = async (app, { emailChangeService: service, attemptRateLimit }) => {
  for (const role of roles) {
    app.post(
      `/api/${role}/confirmEmailChange`,
      {
        config: { access: 'public' },
        preHandler: attemptRateLimit,
        schema: {
          tags: ['auth'],
          summary: "Confirm a new sign-in email with the emailed link; ends all the account's sessions",
          body: confirmEmailChangeBody,
          response: { 200: envelope(z.string()), ...errorResponses },
        },
      },
      async (request) => {
        await service.confirm(role, request.body.token);
        return { message: emailChange.confirmed };
      },
    );
  }
};
