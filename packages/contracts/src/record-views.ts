import { z } from 'zod';
import { pageQuery } from './common.ts';

export const recordViewKinds = ['record', 'resume'] as const;

/** One look at a student's record or resume by a company or staff member. */
export const recordView = z.object({
  /** The company's name, or "Placement cell (<staff name>)". */
  viewer: z.string(),
  what: z.enum(recordViewKinds),
  at: z.string(),
});
export type RecordView = z.infer<typeof recordView>;

export const recordViewQuery = z.object(pageQuery);
export type RecordViewQuery = z.input<typeof recordViewQuery>;

/** Newest first; repeated views of one thing by one viewer within 10 minutes count once. */
export const recordViewPage = z.object({ items: z.array(recordView), total: z.number().int() });
export type RecordViewPage = z.infer<typeof recordViewPage>;
