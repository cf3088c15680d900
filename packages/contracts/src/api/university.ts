import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { universityStatistics } from '../university.ts';

/** The university's placement director: every college's statistics, side by side, read-only. */
export const universityApi = {
  statistics: endpoint({
    method: 'GET',
    path: '/api/university/statistics',
    access: ['university'],
    summary: "Every college's placement statistics side by side (a university's placement director only)",
    response: universityStatistics,
  }),

  director: endpoint({
    method: 'GET',
    path: '/api/university/director',
    access: ['college-staff'],
    summary: "Whether the signed-in staff member is the university's placement director (the menu asks)",
    response: z.boolean(),
  }),
};
