import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { readiness } from '../health.ts';

const tags = ['health'];

/** A load balancer's checks: the process is up; the database and storage answer. */
export const healthApi = {
  live: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags,
    summary: 'The process is up (no database call): for a load balancer’s liveness check',
    response: z.string(),
  }),

  ready: endpoint({
    method: 'GET',
    path: '/ready',
    access: 'public',
    tags,
    summary: 'The database and storage answer and every migration is applied (503 otherwise)',
    // Sent by its handler: 200 or 503, each with the checks beside the message.
    raw: { produces: ['application/json'] },
    response: readiness,
    responses: { 503: readiness },
  }),
};
