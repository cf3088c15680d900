import { z } from 'zod';
import { closedObject, requiredText } from './common.ts';
import type { JobType } from './jobs.ts';
import { policy as messages, verification as verificationMessages } from './messages.ts';

export const tier = z.object({
  name: requiredText(messages.tierName, 50),
  minPackage: z
    .number({ error: messages.tierPackage })
    .min(0, { error: messages.tierPackage })
    .max(1000, { error: messages.tierPackage }),
});
export type Tier = z.infer<typeof tier>;

/**
 * The season's placement policy, as staff save it (`PUT /api/college-staff/placementPolicy`) and
 * as the dry run takes it (`POST …/placementPolicy/preview`).
 */
export const placementPolicyBody = closedObject({
  maxAcceptedOffers: z
    .number({ error: messages.maxAcceptedOffers })
    .int({ error: messages.maxAcceptedOffers })
    .min(1, { error: messages.maxAcceptedOffers })
    .max(10, { error: messages.maxAcceptedOffers }),
  /** Package bands by their lower bound in LPA, lowest first, the first from 0. */
  tiers: z
    .array(tier, { error: messages.tiersOrder })
    .min(1, { error: messages.tiersOrder })
    .max(10, { error: messages.tiersOrder })
    .refine(
      (tiers) =>
        tiers[0]?.minPackage === 0 &&
        tiers.every((t, i) => i === 0 || t.minPackage > tiers[i - 1]!.minPackage) &&
        new Set(tiers.map((t) => t.name.toLowerCase())).size === tiers.length,
      { error: messages.tiersOrder },
    ),
  /** Whether a placed student may still apply to jobs of a higher tier than their accepted offer. */
  higherTierAfterPlaced: z.boolean(),
  /** Whether offers for Internship jobs count towards `maxAcceptedOffers` and the tier rule. */
  internshipsCount: z.boolean(),
  /** Days a student has to answer an offer when the company gives no decide-by date. */
  decisionDays: z
    .number({ error: messages.decisionDays })
    .int({ error: messages.decisionDays })
    .min(3, { error: messages.decisionDays })
    .max(60, { error: messages.decisionDays }),
  /** No-shows at drive-day interviews in a season that debar a student (0: no penalty). */
  noShowLimit: z
    .number({ error: messages.noShowLimit })
    .int({ error: messages.noShowLimit })
    .min(0, { error: messages.noShowLimit })
    .max(10, { error: messages.noShowLimit })
    .default(2),
  /** For how many days those no-shows debar the student. */
  noShowDebarDays: z
    .number({ error: messages.noShowDebarDays })
    .int({ error: messages.noShowDebarDays })
    .min(1, { error: messages.noShowDebarDays })
    .max(365, { error: messages.noShowDebarDays })
    .default(14),
  /** On a drive day, a student's higher-tier jobs are allotted before their own ranking. */
  driveDayHigherTiersFirst: z.boolean().default(false),
});
export type PlacementPolicy = z.output<typeof placementPolicyBody>;
/** The policy as a form or client sends it: the drive-day rules may be left to their defaults. */
export type PlacementPolicyBody = z.input<typeof placementPolicyBody>;

/** The policy every deployment starts with (version 1). */
export const defaultPlacementPolicy: PlacementPolicy = {
  maxAcceptedOffers: 1,
  tiers: [{ name: 'Regular', minPackage: 0 }],
  higherTierAfterPlaced: true,
  internshipsCount: false,
  decisionDays: 7,
  noShowLimit: 2,
  noShowDebarDays: 14,
  driveDayHigherTiersFirst: false,
};

/** A saved version: the policy with who saved it and when. */
export const placementPolicyVersion = placementPolicyBody.extend({
  version: z.number().int(),
  by: z.string(),
  at: z.string(),
});
export type PlacementPolicyVersion = z.infer<typeof placementPolicyVersion>;

/** `GET /api/college-staff/placementPolicy`: the policy in force and every earlier version, newest first. */
export const placementPolicyState = z.object({
  current: placementPolicyVersion,
  history: z.array(placementPolicyVersion),
});
export type PlacementPolicyState = z.infer<typeof placementPolicyState>;

/** The dry run: students who would gain or lose the right to apply to at least one open job. */
export const placementPolicyPreview = z.object({
  openJobs: z.number().int(),
  gain: z.object({ count: z.number().int(), sample: z.array(z.string()) }),
  lose: z.object({ count: z.number().int(), sample: z.array(z.string()) }),
});
export type PlacementPolicyPreview = z.infer<typeof placementPolicyPreview>;

/** The tier a package falls in: the highest tier whose lower bound it reaches (none: the lowest tier). */
export function tierIndex(policy: Pick<PlacementPolicy, 'tiers'>, pkg: number | null): number {
  let index = 0;
  if (pkg === null) return index;
  // A loop, not forEach: the vacancy list asks this for every open job.
  for (let i = 0; i < policy.tiers.length; i++) if (pkg >= policy.tiers[i]!.minPackage) index = i;
  return index;
}

export const tierName = (policy: Pick<PlacementPolicy, 'tiers'>, pkg: number | null): string =>
  policy.tiers[tierIndex(policy, pkg)]?.name ?? '';

/** What the placement policy needs to know about a student to decide. */
export type PolicyStudent = {
  /** Set while the student is debarred: the reason and the last day (null: until lifted). */
  debarment: { reason: string; until: string | null } | null;
  /** Staff verified the academic details (matters only when the college requires it). */
  verified: boolean;
  /** The student's Accepted offers, with the package and the type of job each is for. */
  accepted: { package: number; jobType: JobType }[];
};

export type PolicyJob = { package: number | null; type: JobType };

/** Which of the placement policy's rules stops a student (`policyCause`); `policyRefusal` words it. */
export type PolicyCause = 'debarred' | 'notVerified' | 'sameOrHigherTier' | 'maxOffers';

/**
 * The tier of the best offer the policy counts among these accepted ones (Full-time, and
 * Internships when counted), and how many it counts; best is -1 when it counts none. A loop: the
 * vacancy list asks this for every open job.
 */
function countedOffers(policy: PlacementPolicy, accepted: PolicyStudent['accepted']) {
  let count = 0;
  let best = -1;
  for (const offer of accepted) {
    if (offer.jobType !== 'Full-time' && !policy.internshipsCount) continue;
    count++;
    best = Math.max(best, tierIndex(policy, offer.package));
  }
  return { count, best };
}

/**
 * Which rule of the placement policy stops this student from applying to (or being offered, or
 * accepting) this job, or null when none does. The one rule, used by the server wherever it
 * decides (apply, offer, accept, the vacancy list, the dry run); `policyRefusal` words it for the
 * student, and a filter that only asks whether (the vacancy list's "eligible only") reads this
 * alone, so no reason is composed for a job it drops.
 *
 * - A debarred student may do nothing until the debarment ends.
 * - When the college requires it, unverified academic details come first.
 * - Internship jobs are outside the rules unless the policy counts internships; counted offers
 *   are the accepted ones for Full-time jobs (and Internships when counted).
 * - A counted offer in the same or a higher tier than the job stops it.
 * - A job in a higher tier is open when the policy lets placed students try for a better job;
 *   otherwise only while fewer than `maxAcceptedOffers` offers are counted.
 */
export function policyCause(
  policy: PlacementPolicy,
  job: PolicyJob,
  student: PolicyStudent,
  settings: { requireVerifiedAcademics: boolean },
): PolicyCause | null {
  if (student.debarment) return 'debarred';
  if (settings.requireVerifiedAcademics && !student.verified) return 'notVerified';
  if (job.type === 'Internship' && !policy.internshipsCount) return null;
  const counted = countedOffers(policy, student.accepted);
  if (counted.count === 0) return null;
  if (counted.best >= tierIndex(policy, job.package)) return 'sameOrHigherTier';
  if (!policy.higherTierAfterPlaced && counted.count >= policy.maxAcceptedOffers) return 'maxOffers';
  return null;
}

/** A `policyCause` as the student reads it. */
export function policyReason(
  cause: PolicyCause,
  policy: PlacementPolicy,
  job: PolicyJob,
  student: PolicyStudent,
): string {
  switch (cause) {
    case 'debarred':
      return messages.debarred(student.debarment?.until ?? null, student.debarment?.reason ?? '');
    case 'notVerified':
      return verificationMessages.notVerified;
    case 'sameOrHigherTier': {
      const { best } = countedOffers(policy, student.accepted);
      return messages.sameOrHigherTier(policy.tiers[best]!.name, tierName(policy, job.package));
    }
    case 'maxOffers':
      return messages.maxOffers(policy.maxAcceptedOffers);
  }
}

/**
 * Why the placement policy stops this student from applying to (or being offered, or accepting)
 * this job, or null when it does not (`policyCause`, worded): shown to the student as is.
 */
export function policyRefusal(
  policy: PlacementPolicy,
  job: PolicyJob,
  student: PolicyStudent,
  settings: { requireVerifiedAcademics: boolean },
): string | null {
  const cause = policyCause(policy, job, student, settings);
  return cause && policyReason(cause, policy, job, student);
}

/**
 * How a placed student shows in a company's pipeline: "Placed · Dream tier" (the best tier among
 * the offers the policy counts), and why the policy forbids an offer for this job (null: it does
 * not). Null when the student has no counted accepted offer. The same `policyRefusal` the server
 * applies to an offer, so the disabled action and the refusal cannot drift.
 */
export function placedStanding(
  policy: PlacementPolicy,
  job: PolicyJob,
  accepted: PolicyStudent['accepted'],
): { label: string; offerRefusal: string | null } | null {
  const { count, best } = countedOffers(policy, accepted);
  if (count === 0) return null;
  return {
    label: messages.placedBadge(policy.tiers[best]?.name ?? ''),
    offerRefusal: policyRefusal(
      policy,
      job,
      { debarment: null, verified: true, accepted },
      { requireVerifiedAcademics: false },
    ),
  };
}

/** `placedStanding` as an applicant carries it. */
export const placedStandingSchema = z.object({ label: z.string(), offerRefusal: z.string().nullable() });
export type PlacedStanding = z.infer<typeof placedStandingSchema>;

/** Whether a debarment is in force on `today` (YYYY-MM-DD): debarred, and its end date not yet passed. */
export const debarmentInForce = (
  status: string,
  debarment: { reason: string; until: string | null },
  today: string,
): PolicyStudent['debarment'] =>
  status === 'Debarred' && (debarment.until === null || debarment.until >= today) ? debarment : null;
