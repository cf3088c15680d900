import { messagingApi } from '@portal/contracts/api/messaging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type StudentFilters, studentsQueryKey } from './get-students.ts';

/**
 * The list's filters as a staff message's body and the resume book's query take them (the list's
 * query, without its page): typed as the server reads them, so both calls check it.
 */
export const messageFilters = ({ search, degree, year, placed, status }: StudentFilters) => ({
  search,
  degree,
  ...(year.trim() ? { year: Number(year) } : {}),
  ...(placed ? { placed } : {}),
  ...(status === 'Allowed' || status === 'Suspended' || status === 'Debarred' ? { status } : {}),
});

/**
 * Who a message to the filtered list would reach: the first student (with their placeholder values)
 * and how many. The form fills the text itself as it is typed; the server writes nothing.
 */
export const previewStudentsMessage = (filters: StudentFilters) =>
  api.call(messagingApi.previewToStudents, {
    body: { subject: 'Preview', body: 'Preview', filters: messageFilters(filters) },
  });

export const getStudentsMessagePreviewQueryOptions = (filters: StudentFilters) =>
  queryOptions({
    queryKey: [...studentsQueryKey('college-staff'), 'message-preview', messageFilters(filters)],
    queryFn: () => previewStudentsMessage(filters),
  });

export const useStudentsMessagePreview = (filters: StudentFilters) =>
  useQuery(getStudentsMessagePreviewQueryOptions(filters));
