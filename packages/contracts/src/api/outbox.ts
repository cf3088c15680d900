import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { outboxEmail } from '../mail.ts';

/**
 * The development outbox: the latest emails, reset links included, so a newcomer running the app
 * without an SMTP server can follow them. The server registers it only in development, and even
 * then it answers only requests from its own machine.
 */
export const outboxApi = {
  recent: endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'public',
    tags: ['development'],
    summary: 'The latest 50 emails (development only, from this machine only)',
    response: z.array(outboxEmail),
  }),
};
