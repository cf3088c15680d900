import type { Stage } from '@portal/contracts/applications';

/**
 * Where a job's resume book (a ZIP of resumes and applicants.csv) downloads: the applicants at a
 * stage (all when none), or the ticked ones. A plain link, so the browser streams the file to disk
 * instead of the page holding it in memory.
 */
export function resumeBookHref(
  jobId: string,
  selection: { stage?: Stage | ''; applicationIds?: readonly string[] },
) {
  const params = new URLSearchParams();
  if (selection.applicationIds?.length) params.set('applicationIds', selection.applicationIds.join(','));
  else if (selection.stage) params.set('stage', selection.stage);
  const query = params.toString();
  return `/api/company/jobs/${encodeURIComponent(jobId)}/resumeBook${query ? `?${query}` : ''}`;
}
