import { pipelineApi } from '@portal/contracts/api/pipeline';
import type { BulkMove, MoveStage } from '@portal/contracts/pipeline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/** Moves one application (or reschedules it); resolves to the server's confirmation. */
export const moveApplication = ({ id, move }: { id: string; move: MoveStage }) =>
  api.call(pipelineApi.move, { params: { id }, body: move });

/** Shortlists or rejects several applications; resolves to the server's count of what moved. */
export const bulkMoveApplications = (move: BulkMove) => api.call(pipelineApi.bulk, { body: move });

/**
 * `onSuccess` is the mutation's own, not `mutate`'s: the move control is remounted when the
 * application's stage changes, and the live stream may bring that change before the answer, which
 * would drop a callback given to `mutate` (and the confirmation with it).
 */
export function useMoveApplication({ onSuccess }: { onSuccess?: (message: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveApplication,
    ...(onSuccess && { onSuccess }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hiringQueryKey }),
  });
}

export function useBulkMoveApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkMoveApplications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: hiringQueryKey }),
  });
}
