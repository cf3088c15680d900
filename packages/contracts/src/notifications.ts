import { z } from 'zod';
import { notification, pageQuery } from './common.ts';

/** `GET /api/notifications?page=&pageSize=`: newest first, 20 a page by default (the bell's panel). */
export const notificationQuery = z.object(pageQuery);
export type NotificationQuery = z.input<typeof notificationQuery>;

/** A page of the caller's notifications, how many they have in all, and how many are unread. */
export const notificationList = z.object({
  items: z.array(notification),
  total: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationList>;
