import type { FastifyInstance } from 'fastify';
import { programmesApi } from '@portal/contracts/api/programmes';
import { route } from '../../lib/route.ts';
import type { ProgrammesService } from './programmes.service.ts';

/** The college's programmes: the catalogue, its import, the unmapped degree texts, the live eligible count. */
export async function programmesRoutes(
  app: FastifyInstance,
  { programmesService: service }: { programmesService: ProgrammesService },
) {
  route(app, programmesApi.list, ({ account }) => service.list(account));
  route(app, programmesApi.add, ({ body }) => service.add(body));
  route(app, programmesApi.edit, ({ params, body }) => service.edit(params.id, body));
  route(app, programmesApi.retire, ({ params, body }) => service.setRetired(params.id, body.retired));
  route(app, programmesApi.import, ({ body }) => service.importCsv(body.csv));
  route(app, programmesApi.unmapped, () => service.unmapped());
  route(app, programmesApi.map, ({ account, body }) => service.map(account, body));
  route(app, programmesApi.eligibleCount, ({ account, body }) => service.eligibleCount(account, body));
}
