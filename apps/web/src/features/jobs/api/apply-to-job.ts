import { applicationsApi } from '@portal/contracts/api/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { jobPagesQueryKey } from './get-job-page.ts';
import { getStudentApplicationsQueryOptions } from './get-student-applications.ts';
import { vacanciesQueryKey } from './get-vacancies.ts';

/** Resolves to the server's confirmation ("Application submitted successfully."). */
export const applyToJob = (jobID: string) => api.call(applicationsApi.apply, { body: { jobID } });

/**
 * Whether it worked or not (already applied, closed meanwhile), every vacancy list and job page is
 * fetched again so its Apply/Applied state is the server's; the applications list gains the new one.
 */
export function useApplyToJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToJob,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vacanciesQueryKey }),
        queryClient.invalidateQueries({ queryKey: jobPagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: getStudentApplicationsQueryOptions().queryKey }),
      ]),
  });
}
