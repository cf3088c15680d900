import type { FastifyInstance } from 'fastify';
import { ownDataApi } from '@portal/contracts/api/own-data';
import { route } from '../../lib/route.ts';
import type { OwnDataService } from './own-data.service.ts';

export async function ownDataRoutes(
  app: FastifyInstance,
  { ownDataService: service }: { ownDataService: OwnDataService },
) {
  route(app, ownDataApi.myData, async ({ account, request, reply }) => {
    const { zip, fileName } = await service.exportZip(account.id);
    request.log.info({ studentId: account.id }, 'student downloaded their data');
    return (
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        // A stream is sent as it is (no serializer); the schema documents what it carries.
        .send(zip)
    );
  });

  route(app, ownDataApi.erasureStatus, ({ params }) => service.erasureStatus(params.id));
  route(app, ownDataApi.erase, ({ account, params, body }) => service.eraseStudent(account, params.id, body));
  route(app, ownDataApi.retention, () => service.retentionSetting());
  route(app, ownDataApi.saveRetention, ({ account, body }) =>
    service.saveRetention(account, body.retentionMonths),
  );
  route(app, ownDataApi.previewRetention, () => service.previewRetention());
  route(app, ownDataApi.applyRetention, ({ account, body }) => service.applyRetention(account, body.reason));
}
