import { studentRecordsApi } from '@portal/contracts/api/student-records';
import type { StudentStatus } from '@portal/contracts/common';
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
  status: '' | StudentStatus;
  cgpaMin: string;
  cgpaMax: string;
  verified: '' | 'true' | 'false';
  /** A company's choice among the colleges that allow it (an id as text; empty: the first). */
  college: string;
  page: number;
};

/** The list's query (and the CSV export's): the filters, empty ones left out (the client drops them). */
export const studentListQueryOf = ({
  search,
  degree,
  year,
  placed,
  status,
  cgpaMin,
  cgpaMax,
  verified,
}: StudentFilters) => ({
  search: search.trim(),
  degree: degree.trim(),
  year: year.trim() === '' ? undefined : Number(year.trim()),
  placed: placed === '' ? undefined : placed,
  status: status === '' ? undefined : status,
  cgpaMin: cgpaMin.trim() === '' ? undefined : Number(cgpaMin),
  cgpaMax: cgpaMax.trim() === '' ? undefined : Number(cgpaMax),
  verified: verified === '' ? undefined : verified,
});

/** Who is browsing: staff see every student; companies see students in good standing only. */
export type StudentViewer = 'college-staff' | 'company';

/**
 * `college`: the college whose students a company browses (one that allows it); none: the first
 * that allows it, as the server picks.
 */
export const getStudents = (
  filters: StudentFilters,
  viewer: StudentViewer = 'college-staff',
  college?: number,
) => {
  const page = { page: filters.page, pageSize: STUDENTS_PAGE_SIZE };
  if (viewer === 'college-staff') {
    return api.call(studentRecordsApi.list, { query: { ...studentListQueryOf(filters), ...page } });
  }
  // Companies see students in good standing only: there is no status to filter by.
  const { status: _status, ...query } = studentListQueryOf(filters);
  return api.call(studentRecordsApi.companyList, {
    query: { ...query, ...page, ...(college === undefined ? {} : { college }) },
  });
};

/** The CSV download of every student the filters match (no paging). */
export const studentsCsvHref = (filters: StudentFilters) =>
  api.href(studentRecordsApi.csv, { query: studentListQueryOf(filters) });

/** Every query about the viewer's students starts with this key: invalidating it refreshes lists and records. */
export const studentsQueryKey = (viewer: StudentViewer) => [viewer, 'students'] as const;

export const getStudentsQueryOptions = (
  filters: StudentFilters,
  viewer: StudentViewer = 'college-staff',
  college?: number,
) =>
  queryOptions({
    queryKey: [...studentsQueryKey(viewer), 'list', filters, college ?? null],
    queryFn: () => getStudents(filters, viewer, college),
    // The current page stays on screen while the next one loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export const useStudents = (
  filters: StudentFilters,
  viewer: StudentViewer = 'college-staff',
  college?: number,
) => useQuery(getStudentsQueryOptions(filters, viewer, college));
