import { currentCollegeId } from '../../lib/current-college.ts';
import type { FastifyInstance } from 'fastify';
import { placementPolicyApi } from '@portal/contracts/api/placement-policy';
import { route } from '../../lib/route.ts';
import type { PlacementPolicyService } from './placement-policy.service.ts';

export async function placementPolicyRoutes(
  app: FastifyInstance,
  { placementPolicyService: service }: { placementPolicyService: PlacementPolicyService },
) {
  route(app, placementPolicyApi.state, () => service.state());
  route(app, placementPolicyApi.save, ({ account, body }) => service.save(account, body));
  route(app, placementPolicyApi.preview, ({ body, request }) =>
    service.preview(body, currentCollegeId(request)),
  );
}
