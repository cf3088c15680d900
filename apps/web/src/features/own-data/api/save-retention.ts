import { ownDataApi } from '@portal/contracts/api/own-data';
import type { RetentionSetting } from '@portal/contracts/own-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getRetentionQueryOptions } from './get-retention.ts';

export const saveRetention = (setting: RetentionSetting) =>
  api.call(ownDataApi.saveRetention, { body: setting });

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRetention,
    onSuccess: (saved) => queryClient.setQueryData(getRetentionQueryOptions().queryKey, saved),
  });
}
