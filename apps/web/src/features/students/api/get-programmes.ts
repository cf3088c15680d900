import { programmesApi } from '@portal/contracts/api/programmes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/shared-query-keys.ts';

/** The college's programmes, which a student picks their current one from. */
export const getProgrammes = () => api.call(programmesApi.list);

export const getProgrammesQueryOptions = () =>
  queryOptions({ queryKey: sharedQueryKeys.programmes, queryFn: getProgrammes, staleTime: 5 * 60_000 });

export const useProgrammes = () => useQuery(getProgrammesQueryOptions());
