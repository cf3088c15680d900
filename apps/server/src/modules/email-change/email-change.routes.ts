import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { emailChangeApi } from '@portal/contracts/api/email-change';
import { roles } from '@portal/contracts/common';
import { emailChange } from '@portal/contracts/messages';
import { route } from '../../lib/route.ts';
import type { EmailChangeService } from './email-change.service.ts';

/**
 * A change of a student's sign-in email: the student's answer (in the app, or from the link sent to
 * the current address), the staff's steps when the student cannot reach that address, and the
 * confirmation from the new address.
 */
export async function emailChangeRoutes(
  app: FastifyInstance,
  {
    emailChangeService: service,
    attemptRateLimit,
  }: { emailChangeService: EmailChangeService; attemptRateLimit: preHandlerAsyncHookHandler },
) {
  const limited = { preHandler: attemptRateLimit };

  for (const role of roles) {
    route(
      app,
      emailChangeApi[role].confirm,
      async ({ body }) => {
        await service.confirm(role, body.token);
        return emailChange.confirmed;
      },
      limited,
    );
  }

  const student = emailChangeApi.student;
  route(app, student.pending, ({ account }) => service.pending(account.id));
  route(
    app,
    student.approve,
    ({ account, params, body }) => service.approveInApp(account, params.id, body.currentPassword),
    limited,
  );
  route(app, student.decline, ({ account, params }) => service.declineInApp(account, params.id));
  route(app, student.checkLink, ({ body }) => service.checkAnswerLink(body.token), limited);
  route(app, student.answer, ({ body }) => service.answerByLink(body.token, body.decision), limited);

  const staff = emailChangeApi['college-staff'];
  route(app, staff.lostAddress, ({ account, params }) => service.markLostAddress(account, params.id));
  route(app, staff.secondApproval, ({ account, params }) => service.secondApprove(account, params.id));
}
