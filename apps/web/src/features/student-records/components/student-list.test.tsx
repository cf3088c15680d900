import { resumeBook, staffRecords } from '@portal/contracts/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs, studentCard, studentPage } from '../../../testing/staff-area.ts';

const amar = studentCard();
const bela = studentCard({ _id: 'b7c8f3de-0000-4000-8000-000000000102', name: 'Bela Rao' });

describe('staff student list', () => {
  it('asks the server for search=ama once, after typing pauses for 500 ms', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/students': { body: { message: studentPage([amar, bela]) } },
    });
    const { router } = renderApp(paths.staff.students);
    await screen.findByRole('link', { name: 'Details of Bela Rao' });
    const listCalls = () =>
      calls
        .filter((call) => call.path === '/api/college-staff/students')
        .map((call) => new URLSearchParams(call.search).get('search'));

    // Three keystrokes with no pause between them (user.type's real delays could exceed the debounce
    // on a loaded machine and make the test flaky).
    const search = screen.getByLabelText(/^Search by name/);
    for (const text of ['a', 'am', 'ama']) fireEvent.change(search, { target: { value: text } });
    // Typed, but not yet paused long enough: nothing has been sent.
    expect(listCalls()).toEqual([null]);

    await waitFor(() => expect(router.state.location.search).toBe('?search=ama'));
    await waitFor(() => expect(listCalls()).toEqual([null, 'ama']));
    // No late call for "a" or "am" follows.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(listCalls()).toEqual([null, 'ama']);
  });

  it('drops a pending search when a student is opened before typing pauses', async () => {
    stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/students': { body: { message: studentPage([amar, bela]) } },
    });
    const { router } = renderApp(paths.staff.students);
    const details = await screen.findByRole('link', { name: 'Details of Bela Rao' });
    // The pause ends before React renders the navigation, as on a busy phone: the click is sent
    // outside act() (which would render at once) and the debounce's timer is run by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(screen.getByLabelText(/^Search by name/), { target: { value: 'be' } });
      details.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
      vi.advanceTimersByTime(600);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/college-staff/studentDetails/${bela._id}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe(`/college-staff/studentDetails/${bela._id}`);
    expect(router.state.location.search).toBe('');
  });

  it('shows each student as a dense row: roll number, email, CGPA, verification, placement, resume and details', async () => {
    const placed = studentCard({
      verified: true,
      placementStatus: { isPlaced: true, companyName: 'Globex', packageOffered: 12.5, status: '' },
      resume: '/api/files/resume.pdf',
    });
    stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/students': { body: { message: studentPage([placed]) } },
    });
    renderApp(paths.staff.students);

    const row = await screen.findByRole('row', { name: /Amar Tripathi/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '',
      'Amar Tripathi',
      '21BCE1007',
      'amar@example.com',
      'B.Tech',
      '8.4',
      '2026',
      'Yes',
      'Allowed',
      'Globex · 12.5 LPA',
      'Resume',
    ]);
    expect(
      within(row).getByRole('link', { name: 'Resume of Amar Tripathi (opens in a new tab)' }),
    ).toHaveAttribute('target', '_blank');
    expect(within(row).getByRole('link', { name: 'Details of Amar Tripathi' })).toHaveAttribute(
      'href',
      `/college-staff/studentDetails/${placed._id}`,
    );
  });

  it('keeps filters and page in the URL, pages through and exports the same filters', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/students': {
        body: { message: studentPage([studentCard({ resume: '' })], { total: 45, page: 2 }) },
      },
    });
    const { user, router } = renderApp(`${paths.staff.students}?placed=true&status=Debarred&page=2`);

    expect(await screen.findByText('45 students')).toBeVisible();
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(screen.getByRole('cell', { name: 'None' })).toBeVisible();
    expect(screen.getByLabelText('Placed')).toHaveValue('true');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/college-staff/students.csv?placed=true&status=Debarred',
    );
    expect(screen.getByRole('link', { name: resumeBook.downloadBook })).toHaveAttribute(
      'href',
      '/api/college-staff/students/resumeBook?placed=true&status=Debarred',
    );
    expect(calls.filter((call) => call.path === '/api/college-staff/students').at(-1)?.search).toBe(
      '?placed=true&status=Debarred&page=2&pageSize=20',
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?placed=true&status=Debarred&page=3');

    await user.selectOptions(screen.getByLabelText('Account status'), 'Allowed');
    expect(router.state.location.search).toBe('?placed=true&status=Allowed');
  });

  it('says "1,000+" when the server stopped counting, and still pages on', async () => {
    stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/students': {
        body: {
          message: studentPage(
            Array.from({ length: 20 }, (_, i) => studentCard({ _id: `s-${i}`, name: `Student ${i}` })),
            { total: 1000, totalCapped: true, page: 50 },
          ),
        },
      },
    });
    renderApp(`${paths.staff.students}?search=a&page=50`);

    expect(await screen.findByText('1,000+ students')).toBeVisible();
    expect(screen.getByText('Page 50 of 50+')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('says "about N students" when the server sent an estimate past the count', async () => {
    stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/students': {
        body: {
          message: studentPage(
            Array.from({ length: 20 }, (_, i) => studentCard({ _id: `s-${i}`, name: `Student ${i}` })),
            { total: 500, totalCapped: true, totalEstimate: 12_400 },
          ),
        },
      },
    });
    renderApp(`${paths.staff.students}?search=a`);

    expect(await screen.findByText('about 12,400 students')).toBeVisible();
    expect(screen.getByText('Page 1 of 25+')).toBeVisible();
  });

  it('verifies every student matching the filter in one request, and lists the refused ones', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/students': {
        body: {
          message: studentPage(
            Array.from({ length: 20 }, (_, i) => studentCard({ _id: `s-${i}`, name: `Student ${i}` })),
            { total: 45 },
          ),
        },
      },
      'POST /api/college-staff/students/bulk': {
        body: {
          message: {
            summary: staffRecords.bulkSummary(44, 1),
            done: 44,
            rows: [{ _id: 's-3', name: 'Student 3', done: false, message: staffRecords.bulkUnchanged }],
          },
        },
      },
    });
    const { user } = renderApp(`${paths.staff.students}?verified=false&cgpaMin=7`);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all students on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 45 students' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Student 3' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('44 selected')).toBeVisible();
    await user.click(within(bar).getByRole('button', { name: 'Verify selected' }));
    expect(await screen.findByText(staffRecords.bulkSummary(44, 1))).toBeVisible();
    expect(calls.find((c) => c.path === '/api/college-staff/students/bulk')?.body).toEqual({
      matching: { search: '', degree: '', cgpaMin: 7, verified: 'false' },
      exceptIds: ['s-3'],
      change: { action: 'verify' },
    });
    expect(screen.getByText(`Student 3: ${staffRecords.bulkUnchanged}`)).toBeVisible();
  });

  it('says when no student matches', async () => {
    stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/students': { body: { message: studentPage([]) } },
    });
    renderApp(paths.staff.students);

    expect(await screen.findByText('No students match these filters.')).toBeVisible();
  });
});
