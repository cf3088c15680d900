import type { AcademicChangeRequest, AcademicChangeRequestPage } from '@portal/contracts/academic-records';
import { verification } from '@portal/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailHref, paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs } from '../../../testing/staff-area.ts';

const values = {
  rollNumber: '21BCE1012',
  degrees: ['B.Tech'],
  collegeName: 'City College',
  cgpa: 8.2,
  yearOfPassing: 2026,
};

const request = (changes: Partial<AcademicChangeRequest> = {}): AcademicChangeRequest => ({
  _id: 'c1d2e3f4-0000-4000-8000-000000000001',
  student: { _id: 'b7c8f3de-0000-4000-8000-000000000101', name: 'Asha Verma', emailID: 'asha@example.com' },
  oldValues: values,
  newValues: { ...values, cgpa: 9.1, degrees: ['B.Tech', 'M.Tech'] },
  status: 'Pending',
  reason: '',
  requestedAt: '2026-03-05T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  ...changes,
});

const page = (items: AcademicChangeRequest[]): { body: { message: AcademicChangeRequestPage } } => ({
  body: { message: { items, total: items.length } },
});

const listPath = '/api/college-staff/academicChangeRequests';
const decidePath = `${listPath}/${request()._id}`;

type Stubs = Parameters<typeof stubApi>[0];

const verificationStubs = (extra: Stubs = {}): Stubs => ({
  ...staffAreaStubs(),
  'GET /api/college-staff/settings': { body: { message: { requireVerifiedAcademics: false } } },
  [`GET ${listPath}`]: page([request()]),
  ...extra,
});

describe('the verification page', () => {
  it('is in the staff menu and switches "Only verified students can apply" on', async () => {
    const { calls } = stubApi(
      verificationStubs({
        'PUT /api/college-staff/settings': { body: { message: { requireVerifiedAcademics: true } } },
        'GET /api/college-staff/companies': { body: { message: { items: [], total: 0 } } },
      }),
    );
    const { user } = renderApp(paths.staff.companies);

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'College Staff Dashboard menu' });
    await user.click(within(menu).getByRole('link', { name: 'Verification' }));
    const setting = await screen.findByRole('checkbox', { name: verification.requireVerifiedLabel });
    expect(setting).not.toBeChecked();
    await user.click(setting);

    expect(await screen.findByText(verification.settingsSaved)).toBeVisible();
    expect(setting).toBeChecked();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ requireVerifiedAcademics: true });
  });

  it('lists each waiting change with the student, every changed field and when it was asked for', async () => {
    const { calls } = stubApi(verificationStubs());
    renderApp(paths.staff.verification);

    const card = await screen.findByRole('article', { name: 'Asha Verma' });
    expect(within(card).getByRole('link', { name: 'Asha Verma' })).toHaveAttribute(
      'href',
      detailHref(paths.staff.studentDetails, request().student._id),
    );
    expect(within(card).getByText('asha@example.com')).toBeVisible();
    const changes = within(card).getAllByRole('listitem');
    expect(changes.map((item) => item.textContent)).toEqual([
      'Degrees: B.Tech → changed to B.Tech, M.Tech',
      'CGPA: 8.2 → changed to 9.1',
    ]);
    expect(
      within(card)
        .getByText(/^Requested/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', '2026-03-05T09:00:00.000Z');
    expect(calls.find((call) => call.path === listPath)?.search).toBe('?status=Pending&page=1&pageSize=20');
  });

  it('approves with the reason given, toasts the answer and fetches the list again', async () => {
    let decided = false;
    const { calls } = stubApi(
      verificationStubs({
        [`GET ${listPath}`]: () => page(decided ? [] : [request()]),
        [`PUT ${decidePath}`]: () => {
          decided = true;
          return { body: { message: verification.approved } };
        },
      }),
    );
    const { user } = renderApp(paths.staff.verification);

    const card = await screen.findByRole('article', { name: 'Asha Verma' });
    await user.type(within(card).getByLabelText('Reason (optional)'), 'Marksheet seen');
    await user.click(within(card).getByRole('button', { name: 'Approve the change for Asha Verma' }));

    expect(await screen.findByText(verification.approved)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      decision: 'Approved',
      reason: 'Marksheet seen',
    });
    expect(await screen.findByText('No changes are waiting for approval.')).toBeVisible();
  });

  it('rejects, and says so when someone else decided first', async () => {
    const { calls } = stubApi(
      verificationStubs({
        [`PUT ${decidePath}`]: { status: 409, body: { message: verification.alreadyDecided } },
      }),
    );
    const { user } = renderApp(paths.staff.verification);

    const card = await screen.findByRole('article', { name: 'Asha Verma' });
    await user.click(within(card).getByRole('button', { name: 'Reject the change for Asha Verma' }));

    expect(await screen.findByText(verification.alreadyDecided)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ decision: 'Rejected', reason: '' });
    await waitFor(() => expect(calls.filter((call) => call.path === listPath)).toHaveLength(2));
  });

  it('shows decided changes with who decided and why, without the decision buttons', async () => {
    const rejected = request({
      status: 'Rejected',
      reason: 'The marksheet shows 8.2.',
      decidedBy: 'Ravi Kumar',
      decidedAt: '2026-03-06T11:00:00.000Z',
    });
    const { calls } = stubApi(
      verificationStubs({
        [`GET ${listPath}`]: () =>
          page(calls.at(-1)?.search.includes('status=Rejected') ? [rejected] : [request()]),
      }),
    );
    const { user } = renderApp(paths.staff.verification);

    await screen.findByRole('article', { name: 'Asha Verma' });
    await user.selectOptions(screen.getByLabelText('Status'), 'Rejected');

    const list = await screen.findByRole('list', { name: 'Rejected changes' });
    const card = within(list).getByRole('article', { name: 'Asha Verma' });
    expect(within(card).getByText(/^Rejected by Ravi Kumar/)).toBeVisible();
    expect(within(card).getByText('Reason: The marksheet shows 8.2.')).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });
});
