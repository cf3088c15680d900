import { programmesApi } from '@portal/contracts/api/programmes';
import type { EligibilityDraft } from '@portal/contracts/jobs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/** How many students a job's draft criteria reach (the rule Apply uses, on the server). */
export const countEligible = (body: EligibilityDraft) => api.call(programmesApi.eligibleCount, { body });

export const getEligibleCountQueryOptions = (draft: EligibilityDraft) =>
  queryOptions({
    queryKey: [...hiringQueryKey, 'eligibleCount', draft],
    queryFn: () => countEligible(draft),
    // While the next count loads, the last one stays on screen rather than flickering away.
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The count for `draft`, or nothing while `draft` is null (criteria that do not parse yet). */
export const useEligibleCount = (draft: EligibilityDraft | null) =>
  useQuery({ ...getEligibleCountQueryOptions(draft ?? {}), enabled: draft !== null });
