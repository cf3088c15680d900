import { outboxApi } from '@portal/contracts/api/outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The latest 50 emails, newest first; the server answers 404 unless it runs in development. */
export const getOutbox = () => api.call(outboxApi.recent);

export const getOutboxQueryOptions = () => queryOptions({ queryKey: ['dev', 'outbox'], queryFn: getOutbox });

export const useOutbox = () => useQuery(getOutboxQueryOptions());
