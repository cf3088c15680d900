import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/contracts/common';
import { placementStatistics } from '@portal/contracts/staff';
import { errorResponses } from '../../lib/error-responses.ts';
import type { StatisticsService } from './statistics.service.ts';

export const statisticsRoutes: FastifyPluginAsyncZod<{ statisticsService: StatisticsService }> = async (
  app,
  { statisticsService },
) => {
  app.get(
    '/api/college-staff/statistics',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary:
          'Placement statistics: rate, packages, counts by degree (the 100 most common), year and stage',
        response: { 200: envelope(placementStatistics), ...errorResponses },
      },
    },
    async () => ({ message: await statisticsService.placement() }),
  );
};
