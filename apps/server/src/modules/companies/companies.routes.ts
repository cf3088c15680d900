import type { FastifyInstance } from 'fastify';
import { companiesApi } from '@portal/contracts/api/companies';
import { route } from '../../lib/route.ts';
import type { CompaniesService } from './companies.service.ts';

export async function companiesRoutes(
  app: FastifyInstance,
  { companiesService }: { companiesService: CompaniesService },
) {
  route(app, companiesApi.profile, ({ account }) => companiesService.getOwnRecord(account.id));
  route(app, companiesApi.updateProfile, ({ account, body }) =>
    companiesService.updateProfile(account, body),
  );
  route(app, companiesApi.colleges, ({ account }) => companiesService.colleges(account.id));
  route(app, companiesApi.askCollege, ({ account, params }) =>
    companiesService.askCollege(account, params.collegeId),
  );
  route(app, companiesApi.list, ({ query }) => companiesService.summaries(query));
  route(app, companiesApi.setStatus, ({ account, params, body }) =>
    companiesService.setStatus(account, params.id, body),
  );
  route(app, companiesApi.decideName, ({ account, params, body }) =>
    companiesService.decideName(account, params.id, body),
  );
  route(app, companiesApi.details, ({ params }) => companiesService.detailsForStaff(params.id));
}
