import type { RetentionSetting } from '@portal/contracts/own-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getRetentionQueryOptions } from './get-retention.ts';

export const saveRetention = (setting: RetentionSetting) =>
  api.put<RetentionSetting>('/api/college-staff/retention', setting);

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRetention,
    onSuccess: (saved) => queryClient.setQueryData(getRetentionQueryOptions().queryKey, saved),
  });
}
