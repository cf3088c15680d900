import { recordViewsApi } from '@portal/contracts/api/record-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Views a page of the list holds. */
export const RECORD_VIEWS_PAGE_SIZE = 10;

/** Whose views: the signed-in student's own, or (for staff) a student's by id. */
export type RecordViewsOf = 'me' | { studentId: string };

export const getRecordViews = (of: RecordViewsOf, page: number) => {
  const query = { page, pageSize: RECORD_VIEWS_PAGE_SIZE };
  return of === 'me'
    ? api.call(recordViewsApi.own, { query })
    : api.call(recordViewsApi.ofStudent, { params: { id: of.studentId }, query });
};

export const getRecordViewsQueryOptions = (of: RecordViewsOf, page: number) =>
  queryOptions({
    queryKey: ['record-views', of === 'me' ? 'me' : of.studentId, page],
    queryFn: () => getRecordViews(of, page),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useRecordViews = (of: RecordViewsOf, page: number) =>
  useQuery(getRecordViewsQueryOptions(of, page));
