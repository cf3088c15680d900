import { messagingApi } from '@portal/contracts/api/messaging';
import type { Stage } from '@portal/contracts/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/**
 * Who a message to a job's stage would reach: the first applicant (with their placeholder values)
 * and how many. The form fills the text itself as it is typed, so this asks once per stage with a
 * stand-in text; the server writes nothing.
 */
export const previewStageMessage = (jobId: string, stage: Stage) =>
  api.call(messagingApi.previewToStage, {
    params: { id: jobId },
    body: { stage, subject: 'Preview', body: 'Preview' },
  });

export const getStageMessagePreviewQueryOptions = (jobId: string, stage: Stage) =>
  queryOptions({
    queryKey: [...hiringQueryKey, 'message-preview', jobId, stage],
    queryFn: () => previewStageMessage(jobId, stage),
  });

export const useStageMessagePreview = (jobId: string, stage: Stage) =>
  useQuery(getStageMessagePreviewQueryOptions(jobId, stage));
