import { z } from 'zod';
import { closedObject } from './common.ts';

/** Which emails a student receives; each is on until the student turns it off. */
export const studentEmailSettings = closedObject({
  stageChanges: z.boolean({ error: 'stageChanges must be true or false.' }),
  interviews: z.boolean({ error: 'interviews must be true or false.' }),
});
export type StudentEmailSettings = z.infer<typeof studentEmailSettings>;

/** Which emails a company receives. */
export const companyEmailSettings = closedObject({
  newApplicants: z.boolean({ error: 'newApplicants must be true or false.' }),
});
export type CompanyEmailSettings = z.infer<typeof companyEmailSettings>;
