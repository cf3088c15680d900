import { z } from 'zod';
import { notification } from './common.ts';

export const notificationList = z.object({
  items: z.array(notification),
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationList>;
