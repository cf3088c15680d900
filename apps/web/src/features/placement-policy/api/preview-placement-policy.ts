import { placementPolicyApi } from '@portal/contracts/api/placement-policy';
import type { PlacementPolicy } from '@portal/contracts/placement-policy';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The dry run of a draft policy: who would gain or lose the right to apply to open jobs. */
export const previewPlacementPolicy = (policy: PlacementPolicy) =>
  api.call(placementPolicyApi.preview, { body: policy });

export const usePreviewPlacementPolicy = () => useMutation({ mutationFn: previewPlacementPolicy });
