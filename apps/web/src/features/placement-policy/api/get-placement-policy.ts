import type { PlacementPolicyState } from '@portal/contracts/placement-policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getPlacementPolicy = () => api.get<PlacementPolicyState>('/api/college-staff/placementPolicy');

export const getPlacementPolicyQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'placementPolicy'], queryFn: getPlacementPolicy });

export const usePlacementPolicy = () => useQuery(getPlacementPolicyQueryOptions());
