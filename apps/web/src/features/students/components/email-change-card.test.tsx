import type { PendingEmailChange } from '@portal/contracts/email-change';
import { emailChange, passwords, required } from '@portal/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { EmailChangeCard } from './email-change-card.tsx';

const renderCard = () => renderRoutes([{ path: '/', Component: EmailChangeCard }], '/');

const change = (changes: Partial<PendingEmailChange> = {}): PendingEmailChange => ({
  _id: 'e1c8f3de-0000-4000-8000-000000000301',
  newEmail: 'asha.new@example.com',
  state: 'AwaitingStudent',
  requestedBy: 'Nisha Rao',
  requestedAt: '2026-03-05T10:00:00.000Z',
  lostAddressMarkedBy: '',
  secondApprovedBy: '',
  dueAt: null,
  ...changes,
});
const changeUrl = (action: string) => `/api/student/emailChange/${change()._id}/${action}`;
const heading = { name: emailChange.card.heading };

describe('the change of the sign-in email on the student’s Profile page', () => {
  it('shows nothing while no change is under way', async () => {
    const { calls } = stubApi({ 'GET /api/student/emailChange': { body: { message: null } } });
    renderCard();

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', heading)).not.toBeInTheDocument();
  });

  it('approves only with the current password, then toasts and asks the server again', async () => {
    let answered = false;
    const { calls } = stubApi({
      'GET /api/student/emailChange': () => ({
        body: { message: answered ? change({ state: 'AwaitingConfirmation' }) : change() },
      }),
      [`POST ${changeUrl('approve')}`]: (body) => {
        answered = (body as { currentPassword: string }).currentPassword === 'secret123';
        return answered
          ? { body: { message: emailChange.approved } }
          : { status: 400, body: { message: passwords.wrongCurrent } };
      },
    });
    const { user } = renderCard();

    const card = await screen.findByRole('region', heading);
    expect(card).toHaveTextContent(emailChange.card.AwaitingStudent('Nisha Rao', 'asha.new@example.com'));
    const approve = within(card).getByRole('button', { name: emailChange.card.approve });
    await user.click(approve);
    expect(await within(card).findByText(required.currentPassword)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(card).getByLabelText('Current Password'), 'wrong-one');
    await user.click(approve);
    expect(await screen.findByText(passwords.wrongCurrent, { selector: '.Toastify *' })).toBeVisible();

    const password = within(card).getByLabelText('Current Password');
    await user.clear(password);
    await user.type(password, 'secret123');
    await user.click(approve);
    expect(await screen.findByText(emailChange.approved, { selector: '.Toastify *' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { currentPassword: 'wrong-one' },
      { currentPassword: 'secret123' },
    ]);
    // Approved: the card now says the link went to the new address, and offers only to cancel.
    expect(
      await within(card).findByText(emailChange.card.AwaitingConfirmation('asha.new@example.com')),
    ).toBeVisible();
    expect(within(card).queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: emailChange.card.cancel })).toBeVisible();
  });

  it('declines after asking once more, and the card goes away', async () => {
    let declined = false;
    const { calls } = stubApi({
      'GET /api/student/emailChange': () => ({ body: { message: declined ? null : change() } }),
      [`POST ${changeUrl('decline')}`]: () => {
        declined = true;
        return { body: { message: emailChange.declined } };
      },
    });
    const { user } = renderCard();

    const card = await screen.findByRole('region', heading);
    await user.click(within(card).getByRole('button', { name: emailChange.card.decline }));
    const dialog = screen.getByRole('dialog', { name: emailChange.card.decline });
    expect(dialog).toHaveTextContent(emailChange.card.confirmDecline);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: emailChange.card.keepCurrent }));

    expect(await screen.findByText(emailChange.declined, { selector: '.Toastify *' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('region', heading)).not.toBeInTheDocument());
  });

  it('tells a student who lost the address when the link goes out, and lets them cancel', async () => {
    stubApi({
      'GET /api/student/emailChange': {
        body: {
          message: change({
            state: 'Waiting',
            lostAddressMarkedBy: 'Nisha Rao',
            secondApprovedBy: 'Arjun Das',
            dueAt: '2026-03-08T10:00:00.000Z',
          }),
        },
      },
    });
    renderCard();

    const card = await screen.findByRole('region', heading);
    expect(card).toHaveTextContent(
      /Two staff members approved changing your sign-in email to asha\.new@example\.com/,
    );
    expect(card).toHaveTextContent('8 Mar 2026');
    expect(within(card).getByRole('button', { name: emailChange.card.cancel })).toBeVisible();
    expect(within(card).getByRole('button', { name: emailChange.card.approve })).toBeVisible();
  });
});
