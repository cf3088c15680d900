import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { offerDecisionBody, offerParams, offerReasonBody } from '../offers.ts';

/** Answering, withdrawing and revoking offers; making one is the company's Offer Letter move. */
export const offersApi = {
  decide: endpoint({
    method: 'POST',
    path: '/api/student/offers/:applicationId/decision',
    access: ['student'],
    summary: 'Accept or decline an offer (accepting checks the placement policy)',
    params: offerParams,
    body: offerDecisionBody,
    response: z.string(),
  }),

  withdraw: endpoint({
    method: 'POST',
    path: '/api/company/applications/:id/offer/withdraw',
    access: ['company'],
    // Acting on an applicant: a company the placement cell no longer allows to recruit leaves its
    // offers for the students to answer.
    approvedCompanyOnly: true,
    summary: 'Withdraw an offer the student has not answered yet, with a reason',
    params: z.object({ id: offerParams.shape.applicationId }),
    body: offerReasonBody,
    response: z.string(),
  }),

  revoke: endpoint({
    method: 'POST',
    path: '/api/college-staff/offers/:applicationId/revoke',
    access: ['college-staff'],
    summary: "Revoke an accepted offer, with a reason; the student's placement is recomputed",
    params: offerParams,
    body: offerReasonBody,
    response: z.string(),
  }),
};
