import type { FastifyInstance } from 'fastify';
import { collegesApi } from '@portal/contracts/api/colleges';
import { currentCollegeId } from '../../lib/current-college.ts';
import { route } from '../../lib/route.ts';
import type { CollegesService } from './colleges.service.ts';

/** What pages without a session read of the colleges (the addresses are plugins/college-address.ts). */
export async function collegesRoutes(
  app: FastifyInstance,
  { collegesService }: { collegesService: CollegesService },
) {
  route(app, collegesApi.current, ({ request }) => collegesService.current(currentCollegeId(request)));
}
