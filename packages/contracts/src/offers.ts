import { z } from 'zod';
import { closedObject, isCalendarDate, requiredText } from './common.ts';
import { offers as messages } from './messages.ts';

/**
 * An offer's life: Offered until the student answers (Accepted, Declined) or the decide-by date
 * passes (Lapsed); the company may withdraw it while Offered, staff may revoke it once Accepted.
 */
export const offerStates = ['Offered', 'Accepted', 'Declined', 'Lapsed', 'Withdrawn', 'Revoked'] as const;
export const offerState = z.enum(offerStates);
export type OfferState = z.infer<typeof offerState>;

export const offer = z.object({
  state: offerState,
  package: z.number(),
  /** YYYY-MM-DD, the last day to answer (in the deployment's time zone). */
  decideBy: z.string(),
  tier: z.string(),
  /** The company's reason for a withdrawal, or staff's for a revocation; empty otherwise. */
  reason: z.string(),
  decidedAt: z.string().nullable(),
});
export type Offer = z.infer<typeof offer>;

/** The application an offer route acts on (`:applicationId`); a malformed id is an unknown offer. */
export const offerParams = z.object({ applicationId: z.uuid({ error: messages.notFound }) });

/** `POST /api/student/offers/:applicationId/decision`. */
export const offerDecisionBody = closedObject({
  decision: z.enum(['Accept', 'Decline'], { error: messages.badDecision }),
});
export type OfferDecision = z.input<typeof offerDecisionBody>;

/** Withdrawing (company) or revoking (staff) an offer needs a reason, shown to the student. */
export const offerReasonBody = closedObject({
  reason: requiredText(messages.reasonRequired, 500),
});
export type OfferReason = z.input<typeof offerReasonBody>;

/** A decide-by date as YYYY-MM-DD. How far ahead it must be is checked against today by the server. */
export const decideByDate = z
  .string({ error: messages.decideBy })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.decideBy })
  .refine(isCalendarDate, { error: messages.decideBy });

/** The shortest time a student is given to decide on an offer. */
export const MIN_DECISION_DAYS = 3;
