import { programmesApi } from '@portal/contracts/api/programmes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { sharedQueryKeys } from './shared-query-keys.ts';

/**
 * The college's programme catalogue: what a student picks their programme from, a job targets and
 * staff keep. One query for every feature that reads it, so a change staff save shows everywhere.
 */
export const getProgrammes = () => api.call(programmesApi.list);

export const getProgrammesQueryOptions = () =>
  queryOptions({ queryKey: sharedQueryKeys.programmes, queryFn: getProgrammes, staleTime: 5 * 60_000 });

export const useProgrammes = () => useQuery(getProgrammesQueryOptions());
