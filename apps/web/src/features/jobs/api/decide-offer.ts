import { offersApi } from '@portal/contracts/api/offers';
import type { OfferDecision } from '@portal/contracts/offers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentApplicationsQueryOptions } from './get-student-applications.ts';

/** Accepts or declines the offer of an application; resolves to the server's confirmation. */
export const decideOffer = ({ applicationId, ...body }: OfferDecision & { applicationId: string }) =>
  api.call(offersApi.decide, { params: { applicationId }, body });

export function useDecideOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOffer,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getStudentApplicationsQueryOptions().queryKey }),
  });
}
