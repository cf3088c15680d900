import { studentStatuses } from '@portal/contracts/common';
import { useSearchParams } from 'react-router';
import type { StudentFilters } from '../api/get-students.ts';

type FilterName = Exclude<keyof StudentFilters, 'page'>;

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** Reads what the URL may hold, ignoring anything the list could not ask the server for. */
function filtersOf(params: URLSearchParams): StudentFilters {
  const placed = params.get('placed');
  const status = params.get('status');
  const verified = params.get('verified');
  const cgpa = (name: string) => {
    const value = (params.get(name) ?? '').trim();
    return /^\d+(\.\d+)?$/.test(value) ? value : '';
  };
  return {
    search: params.get('search') ?? '',
    degree: params.get('degree') ?? '',
    year: params.get('year') ?? '',
    placed: placed === 'true' || placed === 'false' ? placed : '',
    status: studentStatuses.find((s) => s === status) ?? '',
    cgpaMin: cgpa('cgpaMin'),
    cgpaMax: cgpa('cgpaMax'),
    verified: verified === 'true' || verified === 'false' ? verified : '',
    college: /^\d{1,10}$/.test(params.get('college') ?? '') ? (params.get('college') ?? '') : '',
    page: pageOf(params.get('page')),
  };
}

/**
 * The student list's filters and page, kept in the URL so back, refresh and a shared link all show
 * the same list. A filter change goes back to page 1 and replaces the history entry (typing should
 * not fill the back button); a page change adds one.
 */
export function useStudentFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);

  const setFilter = (name: FilterName, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const setPage = (page: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page <= 1) next.delete('page');
      else next.set('page', String(page));
      return next;
    });

  return { filters, setFilter, setPage };
}
