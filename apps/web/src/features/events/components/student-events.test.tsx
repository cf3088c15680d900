import { eventsApi } from '@portal/contracts/api/events';
import { urlOf } from '@portal/contracts/endpoint';
import type { StudentEvent } from '@portal/contracts/events';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { events as messages } from '@portal/contracts/messages';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { studentAreaStubs } from '../../../testing/student-area.ts';

const event = (changes: Partial<StudentEvent>): StudentEvent => ({
  id: 'e0000000-0000-4000-8000-000000000001',
  kind: 'Pre-placement talk',
  title: 'Globex: who we are',
  description: 'Meet the team.',
  startsAt: '2026-12-01T04:30:00.000Z',
  endsAt: '2026-12-01T05:30:00.000Z',
  place: 'Seminar Hall',
  onlineLink: '',
  capacity: 2,
  audience: 'college',
  jobId: 'a0000000-0000-4000-8000-000000000001',
  job: 'Engineer at Globex',
  stage: null,
  requiredToApply: true,
  organiser: 'Globex',
  cancelledAt: null,
  full: false,
  mine: null,
  ...changes,
});

describe('the student’s events', () => {
  it('registers, and says a full event takes the student onto the waiting list', async () => {
    const open = event({});
    const full = event({ id: 'e0000000-0000-4000-8000-000000000002', title: 'Aptitude test', full: true });
    let registered = false;
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'GET /api/student/events': () => ({
        body: {
          message: [
            registered ? { ...open, mine: { status: 'registered', position: null, attendedAt: null } } : open,
            full,
          ],
        },
      }),
      [`POST /api/student/events/${open.id}/registration`]: () => {
        registered = true;
        return { status: 201, body: { message: 'You are registered.' } };
      },
    });
    const { user } = renderApp(paths.student.events);
    const talk = (await screen.findByRole('heading', { name: 'Globex: who we are' })).closest('section')!;
    expect(talk).toHaveTextContent('Attending is required to apply to Engineer at Globex.');
    const test = screen.getByRole('heading', { name: 'Aptitude test' }).closest('section')!;
    expect(test).toHaveTextContent('The event is full: you may join the waiting list.');
    expect(within(test).getByRole('button', { name: 'Join the waiting list' })).toBeVisible();

    await user.click(within(talk).getByRole('button', { name: 'Register' }));
    expect(await within(talk).findByText('You are registered.')).toBeVisible();
    expect(within(talk).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      urlOf(eventsApi.student.invite, { params: { id: open.id } }),
    );
    expect(within(talk).getByRole('button', { name: 'Show attendance code' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      urlOf(eventsApi.student.register, { params: { id: open.id } }),
    ]);
  });

  it('shows the place on the waiting list, and an attendance once recorded', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/student/events': {
        body: {
          message: [
            event({ mine: { status: 'waiting', position: 3, attendedAt: null }, full: true }),
            event({
              id: 'e0000000-0000-4000-8000-000000000003',
              title: 'Group discussion',
              mine: { status: 'registered', position: null, attendedAt: '2026-11-20T05:00:00.000Z' },
            }),
          ],
        },
      },
    });
    renderApp(paths.student.events);
    expect(
      await screen.findByText('You are number 3 on the waiting list; you will be told if a place opens.'),
    ).toBeVisible();
    const attended = screen.getByRole('heading', { name: 'Group discussion' }).closest('section')!;
    expect(attended).toHaveTextContent(/Attended: recorded/);
    expect(within(attended).queryByRole('button', { name: 'Show attendance code' })).not.toBeInTheDocument();
    expect(within(attended).queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
  });

  it('says a cancelled event is cancelled, offers nothing to do at it, and the file that takes it off the calendar', async () => {
    const waitedAt = 'e0000000-0000-4000-8000-000000000031';
    stubApi({
      ...studentAreaStubs(),
      'GET /api/student/events': {
        body: {
          message: [
            event({
              cancelledAt: '2026-11-25T05:00:00.000Z',
              mine: { status: 'registered', position: null, attendedAt: null },
            }),
            event({
              id: waitedAt,
              title: 'Waited for',
              cancelledAt: '2026-11-25T05:00:00.000Z',
              mine: { status: 'waiting', position: 2, attendedAt: null },
            }),
          ],
        },
      },
    });
    renderApp(paths.student.events);
    expect((await screen.findAllByText(messages.isCancelled))[0]).toBeVisible();
    const card = screen.getByRole('heading', { name: 'Globex: who we are' }).closest('section')!;
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    // A place was held: the calendar may have the entry, and the event's file now cancels it.
    expect(within(card).getByRole('link', { name: messages.removeFromCalendar })).toHaveAttribute(
      'href',
      urlOf(eventsApi.student.invite, { params: { id: event({}).id } }),
    );
    // Only waiting: there was no file to add, so none to take off.
    const waited = screen.getByRole('heading', { name: 'Waited for' }).closest('section')!;
    expect(within(waited).queryByRole('link')).not.toBeInTheDocument();
  });
});
