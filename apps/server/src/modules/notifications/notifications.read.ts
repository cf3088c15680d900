import type { Notification } from '@portal/contracts/common';
import type { notifications } from '../../db/schema.ts';

/** How many notifications a record or the bell's panel carries: the newest ones. */
export const NOTIFICATIONS_SHOWN = 20;

type Row = Pick<
  typeof notifications.$inferSelect,
  'id' | 'sender' | 'title' | 'body' | 'link' | 'readAt' | 'createdAt'
>;

/** A notification as its reader sees it (the bell's panel, the student's own record). */
export const toNotification = (row: Row): Notification => ({
  _id: row.id,
  from: row.sender,
  title: row.title,
  body: row.body,
  link: row.link === '' ? null : row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});
