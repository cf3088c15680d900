import type { NotificationList } from '@portal/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getNotificationsQueryOptions } from './get-notifications.ts';

/** Marks every notification read; answers with the first page, refreshed. */
export const markNotificationsRead = () => api.post<NotificationList>('/api/notifications/read', {});

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    // The list starts again from its first page, now read.
    onSuccess: (first) =>
      queryClient.setQueryData(getNotificationsQueryOptions().queryKey, { pages: [first], pageParams: [1] }),
  });
}
