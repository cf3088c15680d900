import type { ChangeRequestStatus } from '@portal/contracts/academic-records';
import { academicRecordsApi } from '@portal/contracts/api/academic-records';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Requests a page of the list holds. */
export const CHANGE_REQUESTS_PAGE_SIZE = 20;

export type ChangeRequestFilters = { status: ChangeRequestStatus; page: number };

export const getChangeRequests = ({ status, page }: ChangeRequestFilters) =>
  api.call(academicRecordsApi.changeRequests, {
    query: { status, page, pageSize: CHANGE_REQUESTS_PAGE_SIZE },
  });

/** Every page of every status shares this prefix, so a decision refreshes them all. */
export const changeRequestsQueryKey = ['staff', 'academic-change-requests'] as const;

export const getChangeRequestsQueryOptions = (filters: ChangeRequestFilters) =>
  queryOptions({
    queryKey: [...changeRequestsQueryKey, filters],
    queryFn: () => getChangeRequests(filters),
    placeholderData: keepPreviousData,
  });

export const useChangeRequests = (filters: ChangeRequestFilters) =>
  useQuery(getChangeRequestsQueryOptions(filters));
