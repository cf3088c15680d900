import { vacancySorts } from '@portal/contracts/vacancy-sorts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { VacancyFilters } from '../api/get-vacancies.ts';

/**
 * Reads the filters the URL may hold, ignoring anything the list could not ask for. "Eligible only"
 * is on unless the URL says `eligibleOnly=false`; the sort is the soonest deadline unless it names another.
 */
export function vacancyFiltersOf(params: URLSearchParams): VacancyFilters {
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    eligibleOnly: params.get('eligibleOnly') !== 'false',
    sort: vacancySorts.find((s) => s === sort) ?? 'deadline',
  };
}

/** A value that answers at once, and follows the URL when it changes from elsewhere (back, reload). */
function useLatest<T>(fromUrl: T) {
  const [value, setValue] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (fromUrl !== seen) {
    setSeen(fromUrl);
    setValue(fromUrl);
  }
  return [value, setValue] as const;
}

/**
 * The vacancy list's filters, kept in the URL so reload, back and a shared link show the same
 * list. Each change replaces the history entry (typing should not fill the back button); a default
 * value leaves the URL.
 *
 * `filters` is what the URL holds (the list asks for it); `controls` is what the controls show,
 * changed at once: the URL catches up only once the navigation ends (the area's guard runs first),
 * and each change writes all three values from here, so a search landing while the checkbox's
 * change is under way cannot put the old checkbox back, nor the other way round.
 */
export function useVacancyFilters() {
  const [params, setParams] = useSearchParams();
  const filters = vacancyFiltersOf(params);
  const [search, setSearch] = useLatest(filters.search);
  const [eligibleOnly, setEligibleOnly] = useLatest(filters.eligibleOnly);
  const [sort, setSort] = useLatest(filters.sort);
  const controls: VacancyFilters = { search, eligibleOnly, sort };

  const setFilters = (changes: Partial<VacancyFilters>) => {
    const next = { ...controls, ...changes };
    setSearch(next.search);
    setEligibleOnly(next.eligibleOnly);
    setSort(next.sort);
    setParams(
      (current) => {
        const url = new URLSearchParams(current);
        if (next.search.trim() === '') url.delete('search');
        else url.set('search', next.search);
        if (next.eligibleOnly) url.delete('eligibleOnly');
        else url.set('eligibleOnly', 'false');
        if (next.sort === 'deadline') url.delete('sort');
        else url.set('sort', next.sort);
        return url;
      },
      { replace: true },
    );
  };

  return { filters, controls, setFilters };
}
