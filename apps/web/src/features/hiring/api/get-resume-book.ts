import { resumeBookApi } from '@portal/contracts/api/resume-book';
import type { Stage } from '@portal/contracts/applications';
import { api } from '../../../lib/api-client.ts';

/**
 * Where a job's resume book (a ZIP of resumes and applicants.csv) downloads: the applicants at a
 * stage (all when none), or the ticked ones. A plain link, so the browser streams the file to disk
 * instead of the page holding it in memory.
 */
export function resumeBookHref(
  jobId: string,
  selection: { stage?: Stage | ''; applicationIds?: readonly string[] },
) {
  const query = selection.applicationIds?.length
    ? { applicationIds: [...selection.applicationIds] }
    : selection.stage
      ? { stage: selection.stage }
      : {};
  return api.href(resumeBookApi.forJob, { params: { id: jobId }, query });
}
