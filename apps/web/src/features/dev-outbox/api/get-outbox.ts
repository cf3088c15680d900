import type { OutboxEmail } from '@portal/contracts/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The latest 50 emails, newest first; the server answers 404 unless it runs in development. */
export const getOutbox = () => api.get<OutboxEmail[]>('/api/dev/outbox');

export const getOutboxQueryOptions = () => queryOptions({ queryKey: ['dev', 'outbox'], queryFn: getOutbox });

export const useOutbox = () => useQuery(getOutboxQueryOptions());
