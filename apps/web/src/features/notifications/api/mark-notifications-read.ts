import { notificationsApi } from '@portal/contracts/api/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getNotificationsQueryOptions } from './get-notifications.ts';

/** Marks every notification read; answers with the first page, refreshed. */
export const markNotificationsRead = () => api.call(notificationsApi.markAllRead);

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    // Opening the bell marks the list read in passing: if that fails, the dots stay and it is tried
    // again next time, which says enough without an error toast.
    meta: { ownErrorToast: true },
    // The list starts again from its first page, now read.
    onSuccess: (first) =>
      queryClient.setQueryData(getNotificationsQueryOptions().queryKey, { pages: [first], pageParams: [1] }),
  });
}
