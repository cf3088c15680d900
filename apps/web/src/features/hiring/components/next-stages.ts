import { pipelineStages, scheduledStages, type Stage } from '@portal/contracts/applications';

/**
 * The stages an application may move to from `current`, as the server allows: any later stage of
 * the pipeline, or Rejected; nothing once it has an offer or was rejected.
 */
export function nextStages(current: Stage): Stage[] {
  if (current === 'Offer Letter' || current === 'Rejected') return [];
  const later = pipelineStages.slice(pipelineStages.indexOf(current) + 1);
  return [...later, 'Rejected'];
}

export const takesSchedule = (stage: Stage) => (scheduledStages as readonly Stage[]).includes(stage);
