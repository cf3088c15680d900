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
/**
 * Rejected may follow any stage (the company's word); Withdrawn is the student's own, taken back
 * before the company shortlisted it (`mayWithdraw`). Neither is followed by anything.
 */
export const stages = [...pipelineStages, 'Rejected', 'Withdrawn'] as const;
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
  if (from === 'Offer Letter' || from === 'Rejected' || from === 'Withdrawn') return [];
  const later = pipelineStages.slice(pipelineStages.indexOf(from) + 1);
  return [...later, 'Rejected'];
}

/** The stages from which the student may withdraw their application: until the company shortlists it. */
export const withdrawableStages = ['Form Submitted'] as const satisfies readonly Stage[];
export const mayWithdraw = (stage: Stage): boolean =>
  (withdrawableStages as readonly Stage[]).includes(stage);

/**
 * Whether a stage is held at a time and place (an assessment or interview): only such a stage
 * takes a schedule, given with the move or later (a reschedule stays at the stage).
 */
export const needsSchedule = (stage: Stage): boolean => (scheduledStages as readonly Stage[]).includes(stage);

/** Whether moving to a stage makes an offer, so the move must say the package offered. */
export const needsPackage = (stage: Stage): boolean => stage === 'Offer Letter';

/**
 * The parts of a profile every application needs, because the recruiter reads them: a roll number,
 * the CGPA, a degree and a resume. Apply is refused while any is missing (`missingProfileParts`).
 */
export const profileParts = ['rollNumber', 'cgpa', 'degree', 'resume'] as const;
export const profilePart = z.enum(profileParts);
export type ProfilePart = z.infer<typeof profilePart>;

/** Each part as the student reads it in a list of what is missing. */
export const profilePartLabels: Record<ProfilePart, string> = {
  rollNumber: 'roll number',
  cgpa: 'CGPA',
  degree: 'degree',
  resume: 'resume',
};

/** What a student's profile lacks of `profileParts`, in that order (empty: ready to apply). */
export function missingProfileParts(student: {
  rollNumber: number | string | null;
  cgpa: number | null;
  degrees: readonly string[];
  hasResume: boolean;
}): ProfilePart[] {
  const missing: ProfilePart[] = [];
  if (student.rollNumber === null || student.rollNumber === '') missing.push('rollNumber');
  if (student.cgpa === null) missing.push('cgpa');
  if (!student.degrees.some((d) => d.trim() !== '')) missing.push('degree');
  if (!student.hasResume) missing.push('resume');
  return missing;
}

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
