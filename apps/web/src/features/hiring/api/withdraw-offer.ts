import { offersApi } from '@portal/contracts/api/offers';
import type { OfferReason } from '@portal/contracts/offers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/** Withdraws the open offer of one of the company's applications; resolves to the confirmation. */
export const withdrawOffer = ({ id, ...body }: OfferReason & { id: string }) =>
  api.call(offersApi.withdraw, { params: { id }, body });

export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: hiringQueryKey }),
  });
}
