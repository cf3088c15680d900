import { endpoint } from '../endpoint.ts';
import { placementStatistics } from '../staff.ts';

/** The placement cell's statistics. */
export const statisticsApi = {
  placement: endpoint({
    method: 'GET',
    path: '/api/college-staff/statistics',
    access: ['college-staff'],
    summary: 'Placement statistics: rate, packages, counts by degree (the 100 most common), year and stage',
    response: placementStatistics,
  }),
};
