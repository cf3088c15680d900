import type { AccountStatus } from '@portal/contracts/common';
import { Badge, type BadgeTone } from './badge.tsx';

const statusTones: Record<AccountStatus, BadgeTone> = {
  Allowed: 'success',
  Suspended: 'warning',
  Debarred: 'danger',
  Pending: 'warning',
  Rejected: 'danger',
  Erased: 'neutral',
};

/** An account's status (Allowed, Suspended, Debarred; Pending or Rejected for a company) as a coloured badge. */
export function StatusBadge({ status }: { status: AccountStatus }) {
  return <Badge tone={statusTones[status]}>{status}</Badge>;
}
