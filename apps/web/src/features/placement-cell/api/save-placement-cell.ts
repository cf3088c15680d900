import { placementCellApi } from '@portal/contracts/api/placement-cell';
import type { PlacementCell } from '@portal/contracts/placement-cell';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getPlacementCellQueryOptions } from './get-placement-cell.ts';

export const savePlacementCell = (cell: PlacementCell) => api.call(placementCellApi.save, { body: cell });

export function useSavePlacementCell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlacementCell,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPlacementCellQueryOptions().queryKey }),
  });
}
