import type { FastifyInstance } from 'fastify';
import { studentRecordsApi } from '@portal/contracts/api/student-records';
import { route } from '../../lib/route.ts';
import type { StudentRecordsService } from './student-records.service.ts';

export async function studentRecordsRoutes(
  app: FastifyInstance,
  { studentRecordsService: service }: { studentRecordsService: StudentRecordsService },
) {
  route(app, studentRecordsApi.list, ({ account, query }) => service.list(account, query));

  route(app, studentRecordsApi.csv, async ({ account, query, reply }) => {
    const { csv, fileName } = await service.csv(account, query);
    return (
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        // A stream is sent as it is (no serializer); the schema documents the text it carries.
        .send(csv)
    );
  });

  route(app, studentRecordsApi.details, ({ account, params }) => service.details(account, params.id));
  route(app, studentRecordsApi.update, ({ account, body }) => service.update(account, body));
  route(app, studentRecordsApi.bulk, ({ account, body }) => service.bulk(account, body));
  route(app, studentRecordsApi.companyList, ({ account, query }) => service.listForCompany(account, query));
  route(app, studentRecordsApi.companyProfile, ({ account, params }) =>
    service.profileForCompany(account, params.id),
  );
}
