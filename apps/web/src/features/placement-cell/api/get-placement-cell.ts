import { placementCellApi } from '@portal/contracts/api/placement-cell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getPlacementCell = () => api.call(placementCellApi.details);

export const getPlacementCellQueryOptions = () =>
  queryOptions({ queryKey: ['placement-cell'], queryFn: getPlacementCell });

export const usePlacementCell = () => useQuery(getPlacementCellQueryOptions());
