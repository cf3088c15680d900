import { z } from 'zod';

/** One email as the development outbox shows it. */
export const outboxEmail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Set when the sender gave up on it after its last attempt. */
  failedAt: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;
