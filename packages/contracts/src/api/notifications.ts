import { endpoint } from '../endpoint.ts';
import { notificationList, notificationQuery } from '../notifications.ts';

const tags = ['notifications'];

/** The bell: every signed-in account's notifications. */
export const notificationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    access: 'signed-in',
    tags,
    summary:
      'The notifications, newest first, a page at a time (20 by default, at most 100), with the total and unread counts',
    query: notificationQuery,
    response: notificationList,
  }),

  markAllRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    access: 'signed-in',
    tags,
    summary: 'Mark every notification read; answers with the first page',
    response: notificationList,
  }),
};
