import type { NotificationList } from '@portal/contracts/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getNotifications = () => api.get<NotificationList>('/api/notifications');

export const notificationsQueryKey = ['notifications'] as const;

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    // The bell stays current while the user works in the area.
    refetchInterval: 60_000,
  });

export const useNotifications = () => useQuery(getNotificationsQueryOptions());
