import { debarmentInForce, type PolicyStudent } from '@portal/contracts/placement-policy';

/** A student as `policyRefusal` reads them, from their stored facts and accepted offers on `today`. */
export const policyStudentOf = (
  facts: { status: string; debarReason: string; debarredUntil: string | null; verified: boolean },
  accepted: PolicyStudent['accepted'],
  today: string,
): PolicyStudent => ({
  debarment: debarmentInForce(facts.status, { reason: facts.debarReason, until: facts.debarredUntil }, today),
  verified: facts.verified,
  accepted,
});
