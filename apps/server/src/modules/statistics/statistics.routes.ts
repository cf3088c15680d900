import type { FastifyInstance } from 'fastify';
import { statisticsApi } from '@portal/contracts/api/statistics';
import { route } from '../../lib/route.ts';
import type { StatisticsService } from './statistics.service.ts';

export async function statisticsRoutes(
  app: FastifyInstance,
  { statisticsService }: { statisticsService: StatisticsService },
) {
  route(app, statisticsApi.placement, () => statisticsService.placement());
}
