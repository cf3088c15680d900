import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { setDisplayTimeZone } from '../../../lib/dates.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { studentAreaStubs } from '../../../testing/student-area.ts';

/** A notice sent at 23:30 UTC on New Year's Eve: already 05:00 on New Year's Day in India. */
const newYearNotice = {
  _id: 'n1',
  from: 'Placement Cell',
  title: 'Drive results',
  body: 'The results are out.',
  link: null,
  read: true,
  createdAt: '2026-12-31T23:30:00.000Z',
};

afterEach(() => setDisplayTimeZone('Asia/Kolkata'));

describe('the notification bell', () => {
  it.each([
    { timeZone: 'Asia/Kolkata', shown: 'from Placement Cell · 1 Jan 2027, 05:00 IST' },
    { timeZone: 'UTC', shown: 'from Placement Cell · 31 Dec 2026, 23:30 UTC' },
  ])(
    "dates a notification in the deployment's zone ($timeZone), whatever the browser's",
    async ({ timeZone, shown }) => {
      stubApi({
        ...studentAreaStubs(),
        'GET /api/': { body: { message: 'student', timeZone } },
        'GET /api/notifications': { body: { message: { items: [newYearNotice], total: 1, unread: 0 } } },
      });
      const { user } = renderApp(paths.student.root);

      await user.hover(await screen.findByRole('button', { name: 'Notifications' }));
      const panel = screen.getByRole('region', { name: 'Notifications' });
      expect(within(panel).getByText('Drive results')).toBeVisible();
      expect(within(panel).getByText(/^from Placement Cell/)).toHaveTextContent(shown);
    },
  );

  it('links a notification to what it is about, and closes the panel on the way', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/notifications': {
        body: {
          message: {
            items: [{ ...newYearNotice, title: 'Offer Letter', link: paths.student.applicationStatus }],
            total: 1,
            unread: 0,
          },
        },
      },
      'GET /api/student/applications': { body: { message: [] } },
    });
    const { user, router } = renderApp(paths.student.profile);

    await user.hover(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await user.click(within(panel).getByRole('link', { name: 'Offer Letter' }));
    expect(router.state.location.pathname).toBe(paths.student.applicationStatus);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});
