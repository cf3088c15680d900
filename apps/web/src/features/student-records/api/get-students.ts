import type { AccountStatus } from '@portal/contracts/common';
import type { StudentPage } from '@portal/contracts/staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Students a page of the list holds. */
export const STUDENTS_PAGE_SIZE = 20;

/** The list's filters as the URL keeps them: empty text means "any". */
export type StudentFilters = {
  search: string;
  degree: string;
  year: string;
  placed: '' | 'true' | 'false';
  status: '' | AccountStatus;
  page: number;
};

/** The query string of the filters, empty ones left out; the CSV export takes the same minus the page. */
export function studentFilterParams({ page, ...filters }: StudentFilters, withPage = true) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    const text = value.trim();
    if (text !== '') params.set(name, text);
  }
  if (withPage) {
    params.set('page', String(page));
    params.set('pageSize', String(STUDENTS_PAGE_SIZE));
  }
  return params;
}

/** Who is browsing: staff see every student; companies see students in good standing only. */
export type StudentViewer = 'college-staff' | 'company';

export const getStudents = (filters: StudentFilters, viewer: StudentViewer = 'college-staff') =>
  api.get<StudentPage>(`/api/${viewer}/students?${studentFilterParams(filters).toString()}`);

/** The CSV download of every student the filters match (no paging). */
export const studentsCsvHref = (filters: StudentFilters) => {
  const query = studentFilterParams(filters, false).toString();
  return `/api/college-staff/students.csv${query ? `?${query}` : ''}`;
};

/** Every query about the viewer's students starts with this key: invalidating it refreshes lists and records. */
export const studentsQueryKey = (viewer: StudentViewer) => [viewer, 'students'] as const;

export const getStudentsQueryOptions = (filters: StudentFilters, viewer: StudentViewer = 'college-staff') =>
  queryOptions({
    queryKey: [...studentsQueryKey(viewer), 'list', filters],
    queryFn: () => getStudents(filters, viewer),
    // The current page stays on screen while the next one loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export const useStudents = (filters: StudentFilters, viewer: StudentViewer = 'college-staff') =>
  useQuery(getStudentsQueryOptions(filters, viewer));
