import { offersApi } from '@portal/contracts/api/offers';
import type { OfferReason } from '@portal/contracts/offers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/shared-query-keys.ts';
import { studentsQueryKey } from './get-students.ts';

/** Revokes an accepted offer; resolves to the server's confirmation. */
export const revokeOffer = ({ applicationId, ...body }: OfferReason & { applicationId: string }) =>
  api.call(offersApi.revoke, { params: { applicationId }, body });

/** The record (placement, audit, the offer) and the list change: both are fetched again. */
export function useRevokeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOffer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: studentsQueryKey('college-staff') });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.staffStatistics });
    },
  });
}
