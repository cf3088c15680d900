import type { FastifyInstance } from 'fastify';
import { driveDaysApi } from '@portal/contracts/api/drive-days';
import { route } from '../../lib/route.ts';
import type { BoardService } from './board.service.ts';

/** The room board (staff, companies, coordinators) and the staff's coordinator assignments. */
export async function boardRoutes(
  app: FastifyInstance,
  { boardService: service }: { boardService: BoardService },
) {
  const { staff, company, coordinator } = driveDaysApi;
  route(app, staff.board, ({ account, params }) => service.board(account, params.id, 'staff'));
  route(app, staff.boardAction, ({ account, params, body }) =>
    service.act(account, params.id, params.itemId, body, 'staff'),
  );
  route(app, staff.coordinators, ({ params }) => service.coordinators(params.id));
  route(app, staff.addCoordinator, ({ account, params, body }) =>
    service.addCoordinator(account, params.id, body),
  );
  route(app, staff.removeCoordinator, ({ params }) => service.removeCoordinator(params.id, params.itemId));

  route(app, company.board, ({ account, params }) => service.board(account, params.id, 'company'));
  route(app, company.boardAction, ({ account, params, body }) =>
    service.act(account, params.id, params.itemId, body, 'company'),
  );

  route(app, coordinator.assignments, ({ account }) => service.assignments(account));
  route(app, coordinator.board, ({ account, params }) => service.board(account, params.id, 'coordinator'));
  route(app, coordinator.boardAction, ({ account, params, body }) =>
    service.act(account, params.id, params.itemId, body, 'coordinator'),
  );
  route(app, coordinator.markNoShow, ({ account, params, body }) =>
    service.coordinatorNoShow(account, params.id, params.itemId, body.reason),
  );
}
