import type { RecordViewPage } from '@portal/contracts/record-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Views a page of the list holds. */
export const RECORD_VIEWS_PAGE_SIZE = 10;

/** Whose views: the signed-in student's own, or (for staff) a student's by id. */
export type RecordViewsOf = 'me' | { studentId: string };

const urlOf = (of: RecordViewsOf) =>
  of === 'me'
    ? '/api/student/recordViews'
    : `/api/college-staff/students/${encodeURIComponent(of.studentId)}/recordViews`;

export const getRecordViews = (of: RecordViewsOf, page: number) =>
  api.get<RecordViewPage>(
    `${urlOf(of)}?${new URLSearchParams({ page: String(page), pageSize: String(RECORD_VIEWS_PAGE_SIZE) }).toString()}`,
  );

export const getRecordViewsQueryOptions = (of: RecordViewsOf, page: number) =>
  queryOptions({
    queryKey: ['record-views', of === 'me' ? 'me' : of.studentId, page],
    queryFn: () => getRecordViews(of, page),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useRecordViews = (of: RecordViewsOf, page: number) =>
  useQuery(getRecordViewsQueryOptions(of, page));
