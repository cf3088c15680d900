import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { statusReply, stubApi } from '../../../testing/api-stub.ts';
import { companyRecord, staffRecord, studentRecord } from '../../../testing/records.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const noNotifications = { body: { message: { items: [], total: 0, unread: 0 } } };

describe('area entry', () => {
  it('sends another role to /signin with the unauthorized toast', async () => {
    const { calls } = stubApi({ 'GET /api/': statusReply('student') });
    const { router } = renderApp(paths.company.root);

    expect(await screen.findByText('Unauthorized Access! Please SignIn')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.signin.root);
    expect(calls.map((call) => call.path)).not.toContain('/api/company/getCompanyData');
  });

  it('sends a visitor to /signin with the unauthorized toast', async () => {
    stubApi({ 'GET /api/': statusReply(null) });
    renderApp(paths.staff.students);

    expect(await screen.findByText('Unauthorized Access! Please SignIn')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it('shows only the suspended screen to a suspended account, which can still sign out', async () => {
    stubApi({
      'GET /api/': statusReply('student'),
      'GET /api/student/getUserData': { status: 403, body: { message: 'You are Suspended, Contact Admin.' } },
      'POST /api/student/signout': { body: { message: 'Signed Out successfully' } },
    });
    const { user, router } = renderApp(paths.student.profile);

    expect(await screen.findByRole('heading', { name: 'You are Suspended, Contact Admin.' })).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed Out successfully')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signin.afterSignOut));
  });

  it("shows the student's profile, menu, name and unread count", async () => {
    stubApi({
      'GET /api/': statusReply('student'),
      'GET /api/student/getUserData': { body: { message: studentRecord } },
      'GET /api/notifications': {
        body: {
          message: {
            items: [
              {
                _id: 'n1',
                from: 'Placement Cell',
                title: 'Drive on Monday',
                body: 'Acme Corp visits the campus.',
                read: false,
                createdAt: '2026-01-05T10:00:00.000Z',
              },
            ],
            total: 1,
            unread: 1,
          },
        },
      },
      'POST /api/notifications/read': {
        body: {
          message: {
            items: [
              {
                _id: 'n1',
                from: 'Placement Cell',
                title: 'Drive on Monday',
                body: 'Acme Corp visits the campus.',
                read: true,
                createdAt: '2026-01-05T10:00:00.000Z',
              },
            ],
            total: 1,
            unread: 0,
          },
        },
      },
    });
    const { user } = renderApp(paths.student.root);

    expect(await screen.findByRole('heading', { name: 'Student Dashboard' })).toBeVisible();
    expect(await screen.findByDisplayValue('Ravi Verma')).toBeVisible();
    expect(screen.getAllByText('asha@example.com').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Student Dashboard menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Profile',
      'Academic Details',
      'Resume',
      'Previous Internships',
      'Projects',
      'Job Vacancies',
      'Interview',
      'My Interviews',
      'Events',
      'Application Status',
      'Reset Password',
    ]);
    expect(within(menu).getByRole('link', { name: 'Academic Details' })).toHaveAttribute(
      'href',
      paths.student.academicDetails,
    );

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
    await user.hover(bell);
    expect(screen.getByText('Drive on Monday')).toBeVisible();
    expect(screen.getByText(/from Placement Cell/)).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
  });

  it('toasts a staff fetch failure with ", in fetching data."', async () => {
    stubApi({
      'GET /api/': statusReply('college-staff'),
      'GET /api/college-staff/getCollegeStaffData': 'network-error',
    });
    renderApp(paths.staff.dashboard);

    expect(
      await screen.findByText('Network error. Please check your connection., in fetching data.', {
        selector: '.Toastify *',
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('falls back to "Failed to get company data" when the server sent no message', async () => {
    stubApi({ 'GET /api/': statusReply('company'), 'GET /api/company/getCompanyData': 'network-error' });
    renderApp(paths.company.root);

    expect(await screen.findByText('Failed to get company data', { selector: '.Toastify *' })).toBeVisible();
  });

  it("shows the staff member's details and signs out to /signin/", async () => {
    const { calls } = stubApi({
      'GET /api/': statusReply('college-staff'),
      'GET /api/college-staff/getCollegeStaffData': { body: { message: staffRecord } },
      'GET /api/notifications': noNotifications,
      'POST /api/college-staff/signout': { body: { message: 'Signed Out successfully' } },
    });
    const { user, router } = renderApp(paths.staff.root);

    expect(await screen.findByRole('heading', { name: 'College Staff Dashboard' })).toBeVisible();
    expect(await screen.findByLabelText('Staff-ID')).toHaveValue('4521');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Signed Out successfully')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.signin.afterSignOut);
    expect(screen.queryByText('Unauthorized Access! Please SignIn')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/college-staff/signout',
    ]);
  });

  it('sends /college-staff/studentDetails without an id to the list with the info toast', async () => {
    stubApi({
      'GET /api/': statusReply('college-staff'),
      'GET /api/college-staff/getCollegeStaffData': { body: { message: staffRecord } },
      'GET /api/notifications': noNotifications,
    });
    const { router } = renderApp(paths.staff.studentDetailsList);

    expect(await screen.findByText('Click on Details for more details.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.staff.students);
  });

  it('gives a company the "company Dashboard" heading and its details', async () => {
    stubApi({
      'GET /api/': statusReply('company'),
      'GET /api/company/getCompanyData': { body: { message: companyRecord } },
      'GET /api/notifications': noNotifications,
    });
    renderApp(paths.company.profile);

    expect(await screen.findByRole('heading', { name: 'company Dashboard' })).toBeVisible();
    expect(screen.getAllByText('Acme Corp').length).toBeGreaterThan(0);
  });
});

describe('notification bell', () => {
  const notice = (n: number) => ({
    _id: `n${n}`,
    from: 'Placement Cell',
    title: `Notice ${n}`,
    body: 'Details.',
    read: true,
    createdAt: '2026-01-05T10:00:00.000Z',
  });

  it('shows the first 20 of 25 and loads the rest with "Load more"', async () => {
    const { calls } = stubApi({
      'GET /api/': statusReply('student'),
      'GET /api/student/getUserData': { body: { message: studentRecord } },
      'GET /api/notifications': (_body, query) => {
        const page = Number(query.get('page'));
        const numbers = page === 1 ? [...Array(20).keys()] : [20, 21, 22, 23, 24];
        return { body: { message: { items: numbers.map((n) => notice(n + 1)), total: 25, unread: 0 } } };
      },
    });
    const { user } = renderApp(paths.student.root);

    await user.hover(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText('Notice 20')).toBeVisible();
    expect(within(panel).queryByText('Notice 21')).not.toBeInTheDocument();
    expect(within(panel).getByText('Showing 20 of 25')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('Notice 25')).toBeVisible();
    expect(within(panel).getByText('Showing 25 of 25')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/notifications').map((c) => c.search)).toContain(
      '?page=2&pageSize=20',
    );
  });
});
