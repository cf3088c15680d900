import { jobTypes, workModes } from '@portal/contracts/jobs';
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
  const type = params.get('type');
  const workMode = params.get('workMode');
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    eligibleOnly: params.get('eligibleOnly') !== 'false',
    sort: vacancySorts.find((s) => s === sort) ?? 'deadline',
    type: jobTypes.find((t) => t === type) ?? '',
    workMode: workModes.find((m) => m === workMode) ?? '',
    company: (params.get('company') ?? '').slice(0, 100),
    location: (params.get('location') ?? '').slice(0, 100),
    minPackage: (params.get('minPackage') ?? '').slice(0, 10),
  };
}

/** The filters kept as plain text in the URL when set, left out when empty. */
const textFilters = ['type', 'workMode', 'company', 'location', 'minPackage'] as const;

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
 * and each change writes every value from here, so a search landing while the checkbox's
 * change is under way cannot put the old checkbox back, nor the other way round.
 */
export function useVacancyFilters() {
  const [params, setParams] = useSearchParams();
  const filters = vacancyFiltersOf(params);
  // One value per filter, each following its own part of the URL (see above).
  const [search, setSearch] = useLatest(filters.search);
  const [eligibleOnly, setEligibleOnly] = useLatest(filters.eligibleOnly);
  const [sort, setSort] = useLatest(filters.sort);
  const [type, setType] = useLatest(filters.type);
  const [workMode, setWorkMode] = useLatest(filters.workMode);
  const [company, setCompany] = useLatest(filters.company);
  const [location, setLocation] = useLatest(filters.location);
  const [minPackage, setMinPackage] = useLatest(filters.minPackage);
  const controls: VacancyFilters = {
    search,
    eligibleOnly,
    sort,
    type,
    workMode,
    company,
    location,
    minPackage,
  };

  const setFilters = (changes: Partial<VacancyFilters>) => {
    const next = { ...controls, ...changes };
    setSearch(next.search);
    setEligibleOnly(next.eligibleOnly);
    setSort(next.sort);
    setType(next.type);
    setWorkMode(next.workMode);
    setCompany(next.company);
    setLocation(next.location);
    setMinPackage(next.minPackage);
    setParams(
      (current) => {
        const url = new URLSearchParams(current);
        if (next.search.trim() === '') url.delete('search');
        else url.set('search', next.search);
        if (next.eligibleOnly) url.delete('eligibleOnly');
        else url.set('eligibleOnly', 'false');
        if (next.sort === 'deadline') url.delete('sort');
        else url.set('sort', next.sort);
        for (const key of textFilters) {
          if (next[key].trim() === '') url.delete(key);
          else url.set(key, next[key]);
        }
        return url;
      },
      { replace: true },
    );
  };

  return { filters, controls, setFilters };
}
