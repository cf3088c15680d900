import { z } from 'zod';
import { closedObject, requiredText } from './common.ts';
import { policy as messages } from './messages.ts';

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
});
export type PlacementPolicy = z.output<typeof placementPolicyBody>;

/** The policy every deployment starts with (version 1). */
export const defaultPlacementPolicy: PlacementPolicy = {
  maxAcceptedOffers: 1,
  tiers: [{ name: 'Regular', minPackage: 0 }],
  higherTierAfterPlaced: true,
  internshipsCount: false,
  decisionDays: 7,
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
