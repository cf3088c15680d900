import { z } from 'zod';
import { stage } from './applications.ts';
import { bounds } from './bounds.ts';
import { resumeBook } from './messages.ts';
import { studentListQuery } from './staff.ts';

/**
 * The ticked applicants of a company's resume book: application ids joined by commas (a query
 * string, so the browser can fetch the ZIP with a plain link), at most one book's worth.
 */
const applicationIds = z
  .string()
  .max(bounds.resumeBookStudents * 37, { error: resumeBook.applicationIds })
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.uuid({ error: resumeBook.applicationIds }))
      .max(bounds.resumeBookStudents, { error: resumeBook.applicationIds }),
  );

/** A company's resume book for one of its jobs: its applicants at one stage, or the ticked ones. */
export const companyResumeBookQuery = z.object({
  stage: stage.optional(),
  applicationIds: applicationIds.optional(),
});
export type CompanyResumeBookQuery = z.input<typeof companyResumeBookQuery>;

/** The staff's resume book: the same filters as the student list, every match (not paged). */
export const staffResumeBookQuery = studentListQuery.omit({ page: true, pageSize: true });
export type StaffResumeBookQuery = z.input<typeof staffResumeBookQuery>;
