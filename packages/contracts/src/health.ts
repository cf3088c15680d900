import { z } from 'zod';

/** What GET /ready answers, ready (200) or not (503): the message and whether each part answered. */
export const readiness = z.object({
  message: z.string(),
  checks: z.object({ database: z.boolean(), storage: z.boolean(), migrations: z.boolean() }),
});
