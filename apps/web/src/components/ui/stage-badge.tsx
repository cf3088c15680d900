import type { Stage } from '@portal/contracts/applications';
import { Badge, type BadgeTone } from './badge.tsx';

const stageTones: Record<Stage, BadgeTone> = {
  'Form Submitted': 'neutral',
  Shortlisted: 'info',
  'Online Assessment': 'info',
  'Technical Interview': 'info',
  'HR Interview': 'info',
  'Offer Letter': 'success',
  Rejected: 'danger',
  Withdrawn: 'neutral',
};

export function StageBadge({ stage }: { stage: Stage }) {
  return <Badge tone={stageTones[stage]}>{stage}</Badge>;
}
