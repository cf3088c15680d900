import type { FastifyInstance } from 'fastify';
import { driveDaysApi } from '@portal/contracts/api/drive-days';
import { route } from '../../lib/route.ts';
import type { DriveDaysService } from './drive-days.service.ts';

/** Drive days: staff declare, allot, publish and change; companies set panels; students rank and book. */
export async function driveDaysRoutes(
  app: FastifyInstance,
  { driveDaysService: service }: { driveDaysService: DriveDaysService },
) {
  const { staff, company, student } = driveDaysApi;
  route(app, staff.list, () => service.list());
  route(app, staff.declare, ({ account, body }) => service.declare(account, body));
  route(app, staff.get, ({ params }) => service.get(params.id));
  route(app, staff.addRooms, ({ params, body }) => service.addRooms(params.id, body.rooms));
  route(app, staff.addPanel, ({ account, params, body }) => service.addPanel(account, params.id, body));
  route(app, staff.allot, ({ params }) => service.allot(params.id));
  route(app, staff.publish, ({ params }) => service.publish(params.id));
  route(app, staff.change, ({ params, body }) => service.change(params.id, body));
  route(app, staff.markNoShow, ({ account, params, body }) =>
    service.markNoShow(account, params.id, params.itemId, body.reason),
  );
  route(app, staff.noShows, () => service.ledger());
  route(app, staff.waive, ({ account, params, body }) => service.waive(account, params.id, body.reason));

  route(app, company.list, ({ account }) => service.companyDays(account.id));
  route(app, company.addPanel, ({ account, params, body }) => service.addPanel(account, params.id, body));
  route(app, company.shortlist, ({ account, params, body }) => service.shortlist(account, params.id, body));
  route(app, company.markNoShow, ({ account, params, body }) =>
    service.markNoShow(account, params.id, params.itemId, body.reason),
  );

  route(app, student.list, ({ account }) => service.studentDays(account.id));
  route(app, student.rank, ({ account, params, body }) =>
    service.rank(account, params.id, body.applicationIds),
  );
  route(app, student.book, ({ account, params, body }) => service.book(account, params.id, body));
  route(app, student.invite, async ({ account, params, reply }) => {
    const ics = await service.invite(account, params.id);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'attachment; filename="interview.ics"')
      .send(Buffer.from(ics, 'utf8'));
  });
}
