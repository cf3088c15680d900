import { placementPolicyApi } from '@portal/contracts/api/placement-policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getPlacementPolicy = () => api.call(placementPolicyApi.state);

export const getPlacementPolicyQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'placementPolicy'], queryFn: getPlacementPolicy });

export const usePlacementPolicy = () => useQuery(getPlacementPolicyQueryOptions());
