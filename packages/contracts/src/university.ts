import { z } from 'zod';
import { placementStatistics } from './staff.ts';

/**
 * The university's view (a placement director above its colleges): each college's placement
 * statistics side by side, read-only.
 */
export const universityStatistics = z.array(
  z.object({
    college: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    statistics: placementStatistics,
  }),
);
export type UniversityStatistics = z.infer<typeof universityStatistics>;

export const universityMessages = {
  title: 'University',
  intro: "Each college's placement figures side by side. This view reads; each college's staff decide.",
} as const;
