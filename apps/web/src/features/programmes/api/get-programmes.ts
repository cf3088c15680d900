import { programmesApi } from '@portal/contracts/api/programmes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/shared-query-keys.ts';

export const getProgrammes = () => api.call(programmesApi.list);

export const getProgrammesQueryOptions = () =>
  queryOptions({ queryKey: sharedQueryKeys.programmes, queryFn: getProgrammes });

export const useProgrammes = () => useQuery(getProgrammesQueryOptions());
