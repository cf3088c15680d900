import type { FastifyInstance } from 'fastify';
import { staffApi } from '@portal/contracts/api/staff';
import { route } from '../../lib/route.ts';
import type { StaffService } from './staff.service.ts';

export async function staffRoutes(app: FastifyInstance, { staffService }: { staffService: StaffService }) {
  route(app, staffApi.profile, ({ account }) => staffService.getOwnRecord(account.id));
  route(app, staffApi.updateProfile, ({ account, body }) => staffService.updateProfile(account.id, body));
}
