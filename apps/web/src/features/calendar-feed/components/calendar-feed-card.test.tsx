import { calendar } from '@portal/contracts/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

const url = `https://portal.test/api/calendar/${'a'.repeat(43)}.ics`;

describe('the calendar feed card', () => {
  it('creates a link, shows it once with instructions, and revokes it after confirmation', async () => {
    const { calls } = stubApi({
      'GET /api/student/calendarFeed': { body: { message: { activeSince: null } } },
      'POST /api/student/calendarFeed': {
        status: 201,
        body: { message: { url, activeSince: '2026-12-10T04:30:00.000Z' } },
      },
      'DELETE /api/student/calendarFeed': { body: { message: calendar.feedRevoked } },
    });
    const { user } = renderRoutes([{ path: '/', Component: () => <CalendarFeedCard role="student" /> }], '/');

    expect(await screen.findByText(calendar.noFeed)).toBeVisible();
    await user.click(screen.getByRole('button', { name: calendar.create }));

    expect(await screen.findByLabelText('Your feed link (shown only now)')).toHaveValue(url);
    expect(screen.getByText(/From URL/)).toBeVisible();
    expect(screen.getByText(/Subscribe from web/)).toBeVisible();
    // Shown in the deployment's zone, named.
    expect(screen.getByText('Active since 10 Dec 2026, 10:00 IST.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: calendar.revoke }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(calendar.confirmRevoke)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: calendar.revoke }));

    expect(await screen.findByText(calendar.noFeed)).toBeVisible();
    expect(screen.queryByLabelText('Your feed link (shown only now)')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/student/calendarFeed',
      'POST /api/student/calendarFeed',
      'DELETE /api/student/calendarFeed',
    ]);
  });
});
