import { ownDataApi } from '@portal/contracts/api/own-data';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Erases every student due under the retention setting, with the reason the audit log keeps. */
export const applyRetention = (reason: string) => api.call(ownDataApi.applyRetention, { body: { reason } });

export const useApplyRetention = () => useMutation({ mutationFn: applyRetention });
