import { resumeBookApi } from '@portal/contracts/api/resume-book';
import { api } from '../../../lib/api-client.ts';
import type { StudentFilters } from './get-students.ts';
import { messageFilters } from './preview-students-message.ts';

/**
 * Where the resume book of every student the list's filters match downloads (a ZIP of resumes and
 * applicants.csv): a plain link, so the browser streams the file to disk. It takes the list's filters
 * as a staff message does, without the page.
 */
export const studentsResumeBookHref = (filters: StudentFilters) =>
  api.href(resumeBookApi.forStudents, { query: messageFilters(filters) });
