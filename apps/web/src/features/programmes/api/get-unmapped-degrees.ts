import { programmesApi } from '@portal/contracts/api/programmes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getUnmappedDegrees = () => api.call(programmesApi.unmapped);

export const getUnmappedDegreesQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'unmappedDegrees'], queryFn: getUnmappedDegrees });

export const useUnmappedDegrees = () => useQuery(getUnmappedDegreesQueryOptions());
