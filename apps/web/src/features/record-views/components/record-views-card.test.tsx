import { recordViews } from '@portal/contracts/messages';
import type { RecordView, RecordViewPage } from '@portal/contracts/record-views';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailHref, paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs, studentDetails } from '../../../testing/staff-area.ts';
import { studentAreaStubs } from '../../../testing/student-area.ts';

/** 21 Nov 2026, 10:42 in the reader's own time zone, as the card shows it. */
const at = new Date(2026, 10, 21, 10, 42).toISOString();
const view = (viewer: string, what: RecordView['what']): RecordView => ({ viewer, what, at });
const reply = (page: RecordViewPage) => ({ body: { message: page } });

describe('who viewed your profile', () => {
  it('lists on the student profile who opened the record or resume, and when', async () => {
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'GET /api/student/recordViews': reply({
        items: [view('Acme Corp', 'resume'), view('Placement cell (Nisha Rao)', 'record')],
        total: 2,
      }),
    });
    renderApp(paths.student.profile);

    const list = await screen.findByRole('list', { name: recordViews.heading });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Acme Corp · Opened your resume · 21 Nov 2026, 16:12 IST',
      'Placement cell (Nisha Rao) · Opened your record · 21 Nov 2026, 16:12 IST',
    ]);
    expect(screen.queryByRole('navigation', { name: /Pages of/ })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/student/recordViews')?.search).toBe(
      '?page=1&pageSize=10',
    );
  });

  it('says so when nobody has looked yet', async () => {
    stubApi(studentAreaStubs());
    renderApp(paths.student.profile);

    expect(await screen.findByText(recordViews.empty)).toBeVisible();
    expect(screen.getByRole('heading', { name: recordViews.heading })).toBeVisible();
  });

  it('pages a long list', async () => {
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'GET /api/student/recordViews': reply({ items: [view('Acme Corp', 'record')], total: 12 }),
    });
    const { user } = renderApp(paths.student.profile);

    const pager = await screen.findByRole('navigation', { name: `Pages of ${recordViews.heading}` });
    expect(within(pager).getByText('Page 1 of 2')).toBeVisible();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));

    expect(await within(pager).findByText('Page 2 of 2')).toBeVisible();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(
      calls.filter((call) => call.path === '/api/student/recordViews').map((call) => call.search),
    ).toEqual(['?page=1&pageSize=10', '?page=2&pageSize=10']);
  });

  it("shows staff the same list on the student's record page", async () => {
    const record = studentDetails();
    stubApi({
      ...staffAreaStubs(),
      [`GET /api/college-staff/getStudentDetails/${record._id}`]: { body: { message: record } },
      [`GET /api/college-staff/students/${record._id}/recordViews`]: reply({
        items: [view('Acme Corp', 'resume')],
        total: 1,
      }),
    });
    renderApp(detailHref(paths.staff.studentDetails, record._id));

    const list = await screen.findByRole('list', { name: recordViews.staffHeading });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Acme Corp · Opened the resume · 21 Nov 2026, 16:12 IST',
    );
  });
});
