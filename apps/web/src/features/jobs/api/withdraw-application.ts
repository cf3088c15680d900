import { applicationsApi } from '@portal/contracts/api/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { jobPagesQueryKey } from './get-job-page.ts';
import { getStudentApplicationsQueryOptions } from './get-student-applications.ts';
import { vacanciesQueryKey } from './get-vacancies.ts';

/** Resolves to the server's confirmation ("Application withdrawn."). */
export const withdrawApplication = (id: string) => api.call(applicationsApi.withdraw, { params: { id } });

/** Whatever the answer, the job pages, vacancy lists and the applications list are read again. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobPagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: vacanciesQueryKey }),
        queryClient.invalidateQueries({ queryKey: getStudentApplicationsQueryOptions().queryKey }),
      ]),
  });
}
