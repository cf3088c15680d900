import { z } from 'zod';
import { offer, offerState } from './offers.ts';

/** The hiring pipeline in order; Rejected may follow any stage. */
export const pipelineStages = [
  'Form Submitted',
  'Shortlisted',
  'Online Assessment',
  'Technical Interview',
  'HR Interview',
  'Offer Letter',
] as const;
export const stages = [...pipelineStages, 'Rejected'] as const;
export const stage = z.enum(stages);
export type Stage = z.infer<typeof stage>;

/** Stages at which a company may give a schedule, shown on the student's Interview page. */
export const scheduledStages = ['Online Assessment', 'Technical Interview', 'HR Interview'] as const;

/**
 * The stages an application may move to from `from`: any later stage of the pipeline, or Rejected;
 * nothing once it has an offer or was rejected. The server refuses any other move; the company's
 * form offers only these.
 */
export function allowedMoves(from: Stage): Stage[] {
  if (from === 'Offer Letter' || from === 'Rejected') return [];
  const later = pipelineStages.slice(pipelineStages.indexOf(from) + 1);
  return [...later, 'Rejected'];
}

/**
 * Whether a stage is held at a time and place (an assessment or interview): only such a stage
 * takes a schedule, given with the move or later (a reschedule stays at the stage).
 */
export const needsSchedule = (stage: Stage): boolean => (scheduledStages as readonly Stage[]).includes(stage);

/** Whether moving to a stage makes an offer, so the move must say the package offered. */
export const needsPackage = (stage: Stage): boolean => stage === 'Offer Letter';

export const applyBody = z.object({
  jobID: z.uuid({ error: 'Please choose a job to apply to.' }),
});

/**
 * One event of an application: a stage reached, or (with `offerState`) a change of its offer, with
 * the reason that went with it (`note`, for a withdrawal or a revocation).
 */
export const stageChange = z.object({
  stage,
  at: z.string(),
  by: z.string(),
  offerState: offerState.optional(),
  note: z.string().optional(),
  /** Set when the entry is a message sent to the applicants at `stage`, filled for this applicant. */
  message: z.object({ subject: z.string(), body: z.string() }).optional(),
});
export type StageChange = z.infer<typeof stageChange>;

export const schedule = z.object({ at: z.string(), place: z.string() });

export const studentApplication = z.object({
  _id: z.string(),
  jobId: z.string(),
  company: z.string(),
  role: z.string(),
  appliedAt: z.string(),
  stage,
  schedule: schedule.nullable(),
  history: z.array(stageChange),
  /** The application's offer, once a company made one. */
  offer: offer.nullable(),
});
export type StudentApplication = z.infer<typeof studentApplication>;
