import type { FastifyInstance } from 'fastify';
import { offersApi } from '@portal/contracts/api/offers';
import { route } from '../../lib/route.ts';
import type { OffersService } from './offers.service.ts';

/** Answering, withdrawing and revoking offers; making one is the company's Offer Letter move. */
export async function offersRoutes(
  app: FastifyInstance,
  { offersService: service }: { offersService: OffersService },
) {
  route(app, offersApi.decide, ({ account, params, body }) =>
    service.decide(account, params.applicationId, body.decision),
  );
  route(app, offersApi.withdraw, ({ account, params, body }) =>
    service.withdraw(account, params.id, body.reason),
  );
  route(app, offersApi.revoke, ({ account, params, body }) =>
    service.revoke(account, params.applicationId, body.reason),
  );
}
