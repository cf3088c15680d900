import { verification as messages } from '@portal/contracts/messages';
import type { Verification } from '@portal/contracts/students';
import { datePart } from '../../lib/dates.ts';
import { Badge } from './badge.tsx';

/** "Verified by <staff member> on <date>" for verified academic details; nothing while unverified. */
export function VerificationBadge({ verification }: { verification: Verification }) {
  if (!verification) return null;
  return (
    <Badge tone="success" wrap>
      {messages.badge(verification.by, datePart(verification.at))}
    </Badge>
  );
}
