import type { RetentionApplied } from '@portal/contracts/own-data';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Erases every student due under the retention setting, with the reason the audit log keeps. */
export const applyRetention = (reason: string) =>
  api.post<RetentionApplied>('/api/college-staff/retention/apply', { reason });

export const useApplyRetention = () => useMutation({ mutationFn: applyRetention });
