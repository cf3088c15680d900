import { messagingApi } from '@portal/contracts/api/messaging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/** Sent messages a page of the list holds. */
export const STAGE_MESSAGES_PAGE_SIZE = 10;

/** The messages sent to a job's applicants, newest first. */
export const getStageMessages = (jobId: string, page: number) =>
  api.call(messagingApi.sentToStage, {
    params: { id: jobId },
    query: { page, pageSize: STAGE_MESSAGES_PAGE_SIZE },
  });

export const getStageMessagesQueryOptions = (jobId: string, page: number) =>
  queryOptions({
    queryKey: [...hiringQueryKey, 'messages', jobId, page],
    queryFn: () => getStageMessages(jobId, page),
    placeholderData: keepPreviousData,
  });

export const useStageMessages = (jobId: string, page: number) =>
  useQuery(getStageMessagesQueryOptions(jobId, page));
