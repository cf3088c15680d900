import type { FastifyInstance } from 'fastify';
import { pipelineApi } from '@portal/contracts/api/pipeline';
import { route } from '../../lib/route.ts';
import type { PipelineService } from './pipeline.service.ts';

/** The hiring pipeline: a company sees and moves only the applicants of its own jobs. */
export async function pipelineRoutes(
  app: FastifyInstance,
  { pipelineService: service }: { pipelineService: PipelineService },
) {
  route(app, pipelineApi.applicants, ({ account, query }) => service.list(account, query));
  route(app, pipelineApi.details, ({ account, params }) => service.details(account, params.id));
  route(app, pipelineApi.neighbours, ({ account, params, query }) =>
    service.neighbours(account, params.id, query),
  );
  route(app, pipelineApi.move, ({ account, params, body }) => service.move(account, params.id, body));
  route(app, pipelineApi.bulk, ({ account, body }) => service.bulk(account, body));
  route(app, pipelineApi.csv, async ({ account, params, reply }) => {
    const { csv, role } = await service.csv(account, params.id);
    const name =
      role
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase() || 'job';
    return (
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applicants-${name}.csv"`)
        // A stream is sent as it is (no serializer); the endpoint's schema documents the text it carries.
        .send(csv)
    );
  });
}
