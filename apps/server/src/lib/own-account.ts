import { conflicts } from '@portal/contracts/messages';
import { Forbidden } from './errors.ts';

/**
 * Whether `subject` is the actor's own account, by sign-in email. One email is one account across
 * the roles, but a deployment may still hold a staff member and a student with one address (see
 * docs/architecture.md, "One email, one account"): staff never decide about such an account.
 */
export const isOwnAccount = (actor: { email: string }, subject: { email: string }): boolean =>
  actor.email === subject.email;

/** Refuses (403) a staff decision about the actor's own account: change requests, statuses, erasure. */
export function refuseOwnAccount(actor: { email: string }, subject: { email: string }): void {
  if (isOwnAccount(actor, subject)) throw new Forbidden(conflicts.ownAccount);
}
