import type { NotificationList } from '@portal/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './get-notifications.ts';

/** Marks every notification read; answers with the refreshed list. */
export const markNotificationsRead = () => api.post<NotificationList>('/api/notifications/read', {});

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (list) => queryClient.setQueryData(notificationsQueryKey, list),
  });
}
