import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/contracts/common';
import { offerDecisionBody, offerParams, offerReasonBody } from '@portal/contracts/offers';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { OffersService } from './offers.service.ts';

/** Answering, withdrawing and revoking offers; making one is the company's Offer Letter move. */
export const offersRoutes: FastifyPluginAsyncZod<{ offersService: OffersService }> = async (
  app,
  { offersService: service },
) => {
  const confirm = { 200: envelope(z.string()), ...errorResponses };

  app.post(
    '/api/student/offers/:applicationId/decision',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Accept or decline an offer (accepting checks the placement policy)',
        params: offerParams,
        body: offerDecisionBody,
        response: confirm,
      },
    },
    async (request) => ({
      message: await service.decide(
        currentAccount(request),
        request.params.applicationId,
        request.body.decision,
      ),
    }),
  );

  app.post(
    '/api/company/applications/:id/offer/withdraw',
    {
      // Acting on an applicant: a company the placement cell no longer allows to recruit leaves its
      // offers for the students to answer.
      config: { access: ['company'], approvedCompanyOnly: true },
      schema: {
        tags: ['company'],
        summary: 'Withdraw an offer the student has not answered yet, with a reason',
        params: z.object({ id: offerParams.shape.applicationId }),
        body: offerReasonBody,
        response: confirm,
      },
    },
    async (request) => ({
      message: await service.withdraw(currentAccount(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/api/college-staff/offers/:applicationId/revoke',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary: "Revoke an accepted offer, with a reason; the student's placement is recomputed",
        params: offerParams,
        body: offerReasonBody,
        response: confirm,
      },
    },
    async (request) => ({
      message: await service.revoke(
        currentAccount(request),
        request.params.applicationId,
        request.body.reason,
      ),
    }),
  );
};
