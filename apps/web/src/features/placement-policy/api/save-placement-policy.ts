import { placementPolicyApi } from '@portal/contracts/api/placement-policy';
import type { PlacementPolicy } from '@portal/contracts/placement-policy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getPlacementPolicyQueryOptions } from './get-placement-policy.ts';

/** Saves the policy as a new version; resolves to the server's message ("… saved as version n."). */
export const savePlacementPolicy = (policy: PlacementPolicy) =>
  api.call(placementPolicyApi.save, { body: policy });

export function useSavePlacementPolicy() {
  const queryClient = useQueryClient();
  const { queryKey } = getPlacementPolicyQueryOptions();
  return useMutation({
    mutationFn: savePlacementPolicy,
    // Saved or refused (someone else saved meanwhile), the page should show what the server holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
