import type { PlacementPolicy, PlacementPolicyPreview } from '@portal/contracts/placement-policy';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The dry run of a draft policy: who would gain or lose the right to apply to open jobs. */
export const previewPlacementPolicy = (policy: PlacementPolicy) =>
  api.post<PlacementPolicyPreview>('/api/college-staff/placementPolicy/preview', policy);

export const usePreviewPlacementPolicy = () => useMutation({ mutationFn: previewPlacementPolicy });
