import type { FastifyInstance } from 'fastify';
import { placementCellApi } from '@portal/contracts/api/placement-cell';
import { route } from '../../lib/route.ts';
import type { PlacementCellService } from './placement-cell.service.ts';

export async function placementCellRoutes(
  app: FastifyInstance,
  { placementCellService }: { placementCellService: PlacementCellService },
) {
  route(app, placementCellApi.details, () => placementCellService.details());
  route(app, placementCellApi.save, ({ account, body }) => placementCellService.save(account, body));
}
