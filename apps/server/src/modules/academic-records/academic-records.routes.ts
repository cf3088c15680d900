import type { FastifyInstance } from 'fastify';
import { academicRecordsApi } from '@portal/contracts/api/academic-records';
import { route } from '../../lib/route.ts';
import type { AcademicRecordsService } from './academic-records.service.ts';

/** The placement cell's side of verified academic details: change requests and the settings. */
export async function academicRecordsRoutes(
  app: FastifyInstance,
  { academicRecordsService: service }: { academicRecordsService: AcademicRecordsService },
) {
  route(app, academicRecordsApi.changeRequests, ({ query }) => service.list(query));
  route(app, academicRecordsApi.decide, ({ account, params, body }) =>
    service.decide(account, params.id, body),
  );
  route(app, academicRecordsApi.settings, () => service.settings());
  route(app, academicRecordsApi.saveSettings, ({ account, body }) => service.saveSettings(account, body));
}
