import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { health } from '@portal/contracts/messages';
import type { HealthService } from './health.service.ts';

const checks = z.object({ database: z.boolean(), storage: z.boolean(), migrations: z.boolean() });

export const healthRoutes: FastifyPluginAsyncZod<{ healthService: HealthService }> = async (
  app,
  { healthService },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is up (no database call): for a load balancer’s liveness check',
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ message: health.up }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The database and storage answer and every migration is applied (503 otherwise)',
        response: {
          200: z.object({ message: z.string(), checks }),
          503: z.object({ message: z.string(), checks }),
        },
      },
    },
    async (_request, reply) => {
      const result = await healthService.readiness();
      const failed = (Object.keys(result) as (keyof typeof result)[]).filter((k) => !result[k]);
      reply.header('cache-control', 'no-store');
      return failed.length === 0
        ? reply.send({ message: health.ready, checks: result })
        : reply.status(503).send({ message: health.notReady(failed), checks: result });
    },
  );
};
