import { z } from 'zod';
import { calendarFeedCreated, calendarFeedParams, calendarFeedState } from '../calendar.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Each role manages its own feed link the same way. Literals and imported schemas only: a schema
 * built out here, outside endpoint(), would stay in the browser's build.
 */
const state = {
  summary: 'Whether you have a calendar feed link, and since when',
  response: calendarFeedState,
} as const;
const create = {
  summary: 'Create your calendar feed link (replacing any older one); the URL is shown only now',
  response: calendarFeedCreated,
  status: 201,
} as const;
const revoke = { summary: 'Revoke your calendar feed link' } as const;

/**
 * Private calendar feeds: each role manages its own link (GET state, POST create or replace,
 * DELETE revoke); the feed itself is public, the long random token in its path being the key.
 */
export const calendarApi = {
  student: {
    state: endpoint({ method: 'GET', path: '/api/student/calendarFeed', access: ['student'], ...state }),
    create: endpoint({ method: 'POST', path: '/api/student/calendarFeed', access: ['student'], ...create }),
    revoke: endpoint({
      method: 'DELETE',
      path: '/api/student/calendarFeed',
      access: ['student'],
      ...revoke,
      response: z.string(),
    }),
  },

  'college-staff': {
    state: endpoint({
      method: 'GET',
      path: '/api/college-staff/calendarFeed',
      access: ['college-staff'],
      ...state,
    }),
    create: endpoint({
      method: 'POST',
      path: '/api/college-staff/calendarFeed',
      access: ['college-staff'],
      ...create,
    }),
    revoke: endpoint({
      method: 'DELETE',
      path: '/api/college-staff/calendarFeed',
      access: ['college-staff'],
      ...revoke,
      response: z.string(),
    }),
  },

  company: {
    state: endpoint({ method: 'GET', path: '/api/company/calendarFeed', access: ['company'], ...state }),
    create: endpoint({ method: 'POST', path: '/api/company/calendarFeed', access: ['company'], ...create }),
    revoke: endpoint({
      method: 'DELETE',
      path: '/api/company/calendarFeed',
      access: ['company'],
      ...revoke,
      response: z.string(),
    }),
  },

  feed: endpoint({
    method: 'GET',
    path: '/api/calendar/:file',
    access: 'public',
    tags: ['calendar'],
    summary:
      "A private calendar feed (<token>.ics): the account's upcoming interviews, assessments and deadlines",
    params: calendarFeedParams,
    raw: { produces: ['text/calendar'] },
    response: z.string(),
  }),
};
