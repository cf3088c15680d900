import type { FastifyInstance } from 'fastify';
import { applicationsApi } from '@portal/contracts/api/applications';
import { applying } from '@portal/contracts/messages';
import { route } from '../../lib/route.ts';
import type { ApplicationsService } from './applications.service.ts';

export async function applicationsRoutes(
  app: FastifyInstance,
  { applicationsService }: { applicationsService: ApplicationsService },
) {
  route(app, applicationsApi.apply, async ({ account, body }) => {
    await applicationsService.apply(account.id, body.jobID);
    return applying.applied;
  });
  route(app, applicationsApi.jobPage, ({ account, params }) =>
    applicationsService.jobPage(account.id, params.id),
  );
  route(app, applicationsApi.withdraw, async ({ account, params }) => {
    await applicationsService.withdraw(account.id, params.id);
    return applying.withdrawn;
  });
  route(app, applicationsApi.closeOthers, ({ account, params }) =>
    applicationsService.closeOthers(account, params.id),
  );
  route(app, applicationsApi.mine, ({ account }) => applicationsService.listForStudent(account.id));
}
