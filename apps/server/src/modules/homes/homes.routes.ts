import type { FastifyInstance } from 'fastify';
import { homesApi } from '@portal/contracts/api/homes';
import { route } from '../../lib/route.ts';
import type { HomesService } from './homes.service.ts';

export async function homesRoutes(app: FastifyInstance, { homesService }: { homesService: HomesService }) {
  route(app, homesApi.student, ({ account }) => homesService.student(account.id));
  route(app, homesApi.staff, ({ account }) => homesService.staff(account));
  route(app, homesApi.company, ({ account }) => homesService.company(account));
}
