import { applicationsApi } from '@portal/contracts/api/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The signed-in student's applications with their stage, schedule and history. */
export const getStudentApplications = () => api.call(applicationsApi.mine);

export const studentApplicationsQueryKey = ['applications', 'mine'] as const;

export const getStudentApplicationsQueryOptions = () =>
  queryOptions({ queryKey: studentApplicationsQueryKey, queryFn: getStudentApplications });

export const useStudentApplications = () => useQuery(getStudentApplicationsQueryOptions());
