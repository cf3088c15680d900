import type { FastifyInstance } from 'fastify';
import { eventsApi } from '@portal/contracts/api/events';
import { route } from '../../lib/route.ts';
import type { EventsService } from './events.service.ts';

/** A file name from an event's title: letters, digits and dashes. */
const fileName = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'event';

/** Events: staff and companies make them, scan attendance and export it; coordinators scan on their day; students register and show their code. */
export async function eventsRoutes(
  app: FastifyInstance,
  { eventsService: service }: { eventsService: EventsService },
) {
  for (const side of [eventsApi.staff, eventsApi.company]) {
    route(app, side.list, ({ account }) => service.list(account));
    route(app, side.create, ({ account, body }) => service.create(account, body));
    route(app, side.get, ({ account, params }) => service.detail(account, params.id));
    route(app, side.update, ({ account, params, body }) => service.update(account, params.id, body));
    route(app, side.cancelEvent, ({ account, params }) => service.cancelEvent(account, params.id));
    route(app, side.scan, ({ account, params, body }) => service.scan(account, params.id, body.code));
    route(app, side.csv, async ({ account, params, reply }) => {
      const { csv, title } = await service.csv(account, params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendance-${fileName(title)}.csv"`)
        .send(csv);
    });
  }
  route(app, eventsApi.staff.jobs, () => service.jobs());
  route(app, eventsApi.coordinator.list, ({ account }) => service.coordinatorEvents(account));
  route(app, eventsApi.coordinator.scan, ({ account, params, body }) =>
    service.coordinatorScan(account, params.id, body.code),
  );
  const { student } = eventsApi;
  route(app, student.list, ({ account }) => service.studentList(account));
  route(app, student.register, ({ account, params }) => service.register(account, params.id));
  route(app, student.cancel, ({ account, params }) => service.cancel(account, params.id));
  route(app, student.code, ({ account, params }) => service.code(account, params.id));
  route(app, student.invite, async ({ account, params, reply }) => {
    const ics = await service.invite(account, params.id);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'attachment; filename="event.ics"')
      .send(Buffer.from(ics, 'utf8'));
  });
}
