import type { FastifyInstance } from 'fastify';
import { jobsApi } from '@portal/contracts/api/jobs';
import { route } from '../../lib/route.ts';
import type { JobsService } from './jobs.service.ts';

export async function jobsRoutes(app: FastifyInstance, { jobsService }: { jobsService: JobsService }) {
  route(app, jobsApi.getJobs, ({ account }) => jobsService.vacanciesFor(account.id));
  route(app, jobsApi.vacancies, ({ account, query }) => jobsService.vacancyPage(account.id, query));
  route(app, jobsApi.post, ({ account, body }) => jobsService.post(account.id, body.value));
  route(app, jobsApi.ownJobs, ({ account }) => jobsService.withCounts(account.id));
  route(app, jobsApi.update, ({ account, params, body }) => jobsService.update(account.id, params.id, body));
  route(app, jobsApi.setStatus, ({ account, params, body }) =>
    jobsService.setStatus(account.id, params.id, body.status),
  );
}
