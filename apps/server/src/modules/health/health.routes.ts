import type { FastifyInstance } from 'fastify';
import { healthApi } from '@portal/contracts/api/health';
import { health } from '@portal/contracts/messages';
import { route } from '../../lib/route.ts';
import type { HealthService } from './health.service.ts';

export async function healthRoutes(
  app: FastifyInstance,
  { healthService }: { healthService: HealthService },
) {
  route(app, healthApi.live, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return health.up;
  });

  route(app, healthApi.ready, async ({ reply }) => {
    const result = await healthService.readiness();
    const failed = (Object.keys(result) as (keyof typeof result)[]).filter((k) => !result[k]);
    reply.header('cache-control', 'no-store');
    return failed.length === 0
      ? reply.send({ message: health.ready, checks: result })
      : reply.status(503).send({ message: health.notReady(failed), checks: result });
  });
}
