import type { PendingEmailChange } from '@portal/contracts/email-change';
import { emailChange } from '@portal/contracts/messages';
import { shortDateTime } from './dates.ts';

const { card } = emailChange;

/**
 * A change of the sign-in email and where it stands, as the student reads it: on their Profile
 * page and on the page the link sent to their current address opens.
 */
export function describeEmailChange(change: PendingEmailChange): string {
  switch (change.state) {
    case 'AwaitingStudent':
      return card.AwaitingStudent(change.requestedBy, change.newEmail);
    case 'AwaitingSecondApproval':
      return card.AwaitingSecondApproval(change.newEmail);
    case 'Waiting':
      return card.Waiting(change.newEmail, change.dueAt ? shortDateTime(change.dueAt) : '');
    case 'AwaitingConfirmation':
      return card.AwaitingConfirmation(change.newEmail);
  }
}
