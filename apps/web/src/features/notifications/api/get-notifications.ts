import { notificationsApi } from '@portal/contracts/api/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Notifications a page holds: the first page is what the bell's panel opens with. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const getNotifications = (page = 1) =>
  api.call(notificationsApi.list, { query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE } });

export const notificationsQueryKey = ['notifications'] as const;

/** The bell's list, a page at a time ("Load more" asks for the next one while there are more). */
export const getNotificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((shown, page) => shown + page.items.length, 0) < last.total && last.items.length > 0
        ? pages.length + 1
        : undefined,
    // No timer: the area refetches it on each live `notification` event, or every 30 seconds
    // where the stream cannot be held (app/routes/area/live-updates.ts).
  });

export const useNotifications = () => useInfiniteQuery(getNotificationsQueryOptions());
