import { eventsApi } from '@portal/contracts/api/events';
import { liveApi } from '@portal/contracts/api/live';
import { urlOf } from '@portal/contracts/endpoint';
import type { EventDetail, PlacementEvent } from '@portal/contracts/events';
import { events as messages } from '@portal/contracts/messages';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { FakeEventSource, stubEventSource } from '../../../testing/fake-event-source.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs } from '../../../testing/staff-area.ts';

const id = 'e0000000-0000-4000-8000-000000000001';
const params = { params: { id } };
const eventUrl = urlOf(eventsApi.staff.get, params);
const pageUrl = paths.staff.event.replace(':id', id);

const placementEvent = (changes: Partial<PlacementEvent> = {}): PlacementEvent => ({
  id,
  kind: 'Pre-placement talk',
  title: 'Globex: who we are',
  description: 'Meet the team.',
  // 10:00 to 11:00 IST, the deployment's zone.
  startsAt: '2030-12-01T04:30:00.000Z',
  endsAt: '2030-12-01T05:30:00.000Z',
  place: 'Seminar Hall',
  onlineLink: '',
  capacity: 50,
  audience: 'college',
  jobId: null,
  job: null,
  stage: null,
  requiredToApply: false,
  organiser: 'Placement cell',
  cancelledAt: null,
  registered: 1,
  waiting: 0,
  attended: 0,
  ...changes,
});

const detail = (event: PlacementEvent): { body: { message: EventDetail } } => ({
  body: { message: { event, registrations: [] } },
});

describe('changing and cancelling an event on its page', () => {
  it('prefills the time and place, sends the change and shows it saved', async () => {
    let event = placementEvent();
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${eventUrl}`]: () => detail(event),
      [`PUT ${urlOf(eventsApi.staff.update, params)}`]: (body) => {
        event = { ...event, ...(body as Partial<PlacementEvent>) };
        return { body: { message: event } };
      },
    });
    const { user } = renderApp(pageUrl);
    const form = await screen.findByRole('form', { name: messages.change });
    expect(within(form).getByLabelText('Starts')).toHaveValue('2030-12-01T10:00');
    expect(within(form).getByLabelText('Ends')).toHaveValue('2030-12-01T11:00');
    expect(within(form).getByLabelText('Place')).toHaveValue('Seminar Hall');

    await user.clear(within(form).getByLabelText('Starts'));
    await user.type(within(form).getByLabelText('Starts'), '2030-12-02T14:00');
    await user.clear(within(form).getByLabelText('Ends'));
    await user.type(within(form).getByLabelText('Ends'), '2030-12-02T15:30');
    await user.clear(within(form).getByLabelText('Place'));
    await user.type(within(form).getByLabelText('Place'), 'Main Auditorium');
    await user.click(within(form).getByRole('button', { name: messages.saveChange }));

    expect(await screen.findByText(messages.updated, { selector: '.Toastify *' })).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      startsAt: '2030-12-02T08:30:00.000Z',
      endsAt: '2030-12-02T10:00:00.000Z',
      place: 'Main Auditorium',
      onlineLink: '',
    });
    // The page reads the event again and shows where it now is.
    expect(await screen.findByText('Main Auditorium', { selector: 'dd' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'GET' && c.path === eventUrl)).toHaveLength(2);
  });

  it('says why a change is refused: an end before the start under the field, the server’s refusal on the form', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${eventUrl}`]: detail(placementEvent()),
      [`PUT ${urlOf(eventsApi.staff.update, params)}`]: {
        status: 400,
        body: { message: messages.startsInPast },
      },
    });
    const { user } = renderApp(pageUrl);
    const form = await screen.findByRole('form', { name: messages.change });
    await user.clear(within(form).getByLabelText('Ends'));
    await user.type(within(form).getByLabelText('Ends'), '2030-12-01T09:00');
    await user.click(within(form).getByRole('button', { name: messages.saveChange }));
    expect(await within(form).findByText(messages.endsBeforeStart)).toBeVisible();
    expect(within(form).getByLabelText('Ends')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Ends'));
    await user.type(within(form).getByLabelText('Ends'), '2030-12-01T12:00');
    await user.click(within(form).getByRole('button', { name: messages.saveChange }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(messages.startsInPast);
    expect(await screen.findByText(messages.startsInPast, { selector: '.Toastify *' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('asks before cancelling, then says the event is cancelled and offers no change, cancel nor scan', async () => {
    let event = placementEvent();
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${eventUrl}`]: () => detail(event),
      [`POST ${urlOf(eventsApi.staff.cancelEvent, params)}`]: () => {
        event = { ...event, cancelledAt: '2030-11-20T05:00:00.000Z' };
        return { body: { message: messages.eventCancelled } };
      },
    });
    const { user } = renderApp(pageUrl);
    await user.click(await screen.findByRole('button', { name: messages.cancelEvent }));
    const dialog = await screen.findByRole('dialog', { name: messages.cancelEvent });
    expect(dialog).toHaveTextContent(messages.confirmCancel);
    // Kept: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: messages.keepEvent }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: messages.cancelEvent }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: messages.cancelEvent }),
    );
    expect(await screen.findByText(messages.eventCancelled, { selector: '.Toastify *' })).toBeVisible();
    expect(await screen.findByText('Cancelled on Wednesday, 20 November 2030 at 10:30 IST.')).toBeVisible();
    expect(screen.queryByRole('button', { name: messages.cancelEvent })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: messages.change })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Scan attendance' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      urlOf(eventsApi.staff.cancelEvent, params),
    ]);
  });

  it('marks a cancelled event in the events list', async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET ${urlOf(eventsApi.staff.list)}`]: {
        body: {
          message: [
            placementEvent({ cancelledAt: '2030-11-20T05:00:00.000Z' }),
            placementEvent({ id: 'e0000000-0000-4000-8000-000000000002', title: 'Aptitude test' }),
          ],
        },
      },
      [`GET ${urlOf(eventsApi.staff.jobs)}`]: { body: { message: [] } },
    });
    renderApp(paths.staff.events);
    const rows = await screen.findAllByRole('row');
    const talk = rows.find((r) => within(r).queryByRole('link', { name: 'Globex: who we are' }))!;
    const test = rows.find((r) => within(r).queryByRole('link', { name: 'Aptitude test' }))!;
    expect(talk).toHaveTextContent(messages.cancelledMark);
    expect(test).not.toHaveTextContent(messages.cancelledMark);
  });
});

describe('the event page, live', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a registration, a promotion and an attendance as the live stream tells of them, without a reload', async () => {
    stubEventSource();
    let current: EventDetail = { event: placementEvent({ registered: 0 }), registrations: [] };
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${eventUrl}`]: () => ({ body: { message: current } }),
    });
    renderApp(pageUrl);
    expect(await screen.findByText('Nobody has registered yet.')).toBeVisible();
    expect(screen.getByText(/0 of 50 places taken · 0 waiting · 0 attended/)).toBeVisible();
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe(urlOf(liveApi.stream));
    act(() => stream.fire('ready'));

    // A student registers: the server tells this page's account, and the page reads the event again.
    current = {
      event: placementEvent({ registered: 1 }),
      registrations: [
        {
          studentId: 's1',
          student: 'Asha Verma',
          rollNumber: '21BCE1001',
          status: 'registered',
          registeredAt: '2030-11-20T05:00:00.000Z',
          attendedAt: null,
        },
      ],
    };
    act(() => stream.fire('event', JSON.stringify({ eventId: id })));
    const row = await screen.findByRole('row', { name: /Asha Verma/ });
    expect(row).toHaveTextContent('Registered');
    expect(screen.getByText(/1 of 50 places taken · 0 waiting · 0 attended/)).toBeVisible();

    // Scanned at the door by someone else: the attendance shows here too.
    current = {
      event: placementEvent({ registered: 1, attended: 1 }),
      registrations: [{ ...current.registrations[0]!, attendedAt: '2030-12-01T04:35:00.000Z' }],
    };
    act(() => stream.fire('event', JSON.stringify({ eventId: id })));
    expect(await screen.findByText(/1 of 50 places taken · 0 waiting · 1 attended/)).toBeVisible();
    expect(screen.getByRole('row', { name: /Asha Verma/ })).toHaveTextContent('Sunday, 1 December 2030');
    expect(calls.filter((c) => c.method === 'GET' && c.path === eventUrl)).toHaveLength(3);
  });
});
