import type { PendingEmailChange } from '@portal/contracts/email-change';
import { auth, emailChange, toasts } from '@portal/contracts/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { statusReply, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const visitor = { 'GET /api/': statusReply(null) };
const confirmLink = (token: string) => `${paths.signin.confirmEmail.student}#token=${token}`;
const confirmButton = { name: 'Confirm my new email address' };

describe('confirm email page', () => {
  it('asks for a press of the button before confirming, then toasts and links to the sign-in page', async () => {
    const { calls } = stubApi({
      ...visitor,
      'POST /api/student/confirmEmailChange': { body: { message: emailChange.confirmed } },
    });
    const { user, router } = renderApp(confirmLink('abc123'));

    expect(await screen.findByRole('heading', { name: 'Student Confirm Email' })).toBeVisible();
    // Opening the link alone (as a mail scanner does) changes nothing.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', confirmButton));

    expect(await screen.findByRole('status')).toHaveTextContent(emailChange.confirmed);
    expect(await screen.findByText(emailChange.confirmed, { selector: '.Toastify *' })).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'abc123' });
    expect(screen.queryByRole('button', confirmButton)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Student Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.signin.student);
  });

  it('says the link is not valid when it has no token, without calling the server', async () => {
    const { calls } = stubApi(visitor);
    renderApp(paths.signin.confirmEmail.company);

    expect(await screen.findByRole('alert')).toHaveTextContent(emailChange.invalidLink);
    expect(screen.queryByRole('button', confirmButton)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      paths.signin.company,
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it.each([
    [400, emailChange.usedLink],
    [400, emailChange.expiredLink],
    [400, emailChange.replacedLink],
    [400, emailChange.closedLink],
    [403, auth.suspended],
    [409, emailChange.taken],
  ])('shows why the server refused the link (%i) in place of the button', async (status, message) => {
    stubApi({ ...visitor, 'POST /api/college-staff/confirmEmailChange': { status, body: { message } } });
    const { user } = renderApp(`${paths.signin.confirmEmail.staff}#token=old-token`);

    await user.click(await screen.findByRole('button', confirmButton));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', confirmButton)).not.toBeInTheDocument();
  });

  it('toasts a failed request and keeps the button to try again', async () => {
    stubApi({ ...visitor, 'POST /api/student/confirmEmailChange': 'network-error' });
    const { user } = renderApp(confirmLink('abc123'));

    await user.click(await screen.findByRole('button', confirmButton));

    expect(await screen.findByText(toasts.network, { selector: '.Toastify *' })).toBeVisible();
    expect(screen.getByRole('button', confirmButton)).toBeEnabled();
  });

  it('opens in a browser signed in as someone, instead of sending them to their area', async () => {
    stubApi({ 'GET /api/': statusReply('company') });
    const { router } = renderApp(`${paths.signin.confirmEmail.company}#token=abc123`);

    expect(await screen.findByRole('button', confirmButton)).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.signin.confirmEmail.company);
  });
});

describe('the page the link to the current address opens', () => {
  const answerLink = (token: string) => `${paths.signin.answerEmailChange}#token=${token}`;
  const pending: PendingEmailChange = {
    _id: 'e1c8f3de-0000-4000-8000-000000000301',
    newEmail: 'asha.new@example.com',
    state: 'AwaitingStudent',
    requestedBy: 'Nisha Rao',
    requestedAt: '2026-03-05T10:00:00.000Z',
    lostAddressMarkedBy: '',
    secondApprovedBy: '',
    dueAt: null,
  };

  it.each([
    ['Approve', emailChange.card.approve, emailChange.approved],
    ['Decline', emailChange.card.decline, emailChange.declined],
  ])('shows the change and sends %s only when its button is pressed', async (decision, button, answer) => {
    const { calls } = stubApi({
      ...visitor,
      'POST /api/student/checkEmailChangeLink': { body: { message: pending } },
      'POST /api/student/answerEmailChange': { body: { message: answer } },
    });
    const { user } = renderApp(answerLink('abc123'));

    expect(await screen.findByRole('heading', { name: 'Student Email Change' })).toBeVisible();
    expect(
      await screen.findByText(emailChange.card.AwaitingStudent('Nisha Rao', 'asha.new@example.com')),
    ).toBeVisible();
    // Opening the link (as a mail scanner does) only looks at it.
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/student/checkEmailChangeLink',
    ]);

    await user.click(screen.getByRole('button', { name: button }));

    expect(await screen.findByRole('status')).toHaveTextContent(answer);
    expect(calls.find((call) => call.path === '/api/student/answerEmailChange')?.body).toEqual({
      token: 'abc123',
      decision,
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.signin.student);
  });

  it.each([
    [400, emailChange.closedLink],
    [400, emailChange.expiredLink],
    [403, auth.suspended],
  ])('says why the link cannot be used (%i), with no button to press', async (status, message) => {
    stubApi({ ...visitor, 'POST /api/student/checkEmailChangeLink': { status, body: { message } } });
    renderApp(answerLink('old-token'));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: emailChange.card.approve })).not.toBeInTheDocument();
  });

  it('shows a refusal at the press in place of the buttons', async () => {
    stubApi({
      ...visitor,
      'POST /api/student/checkEmailChangeLink': { body: { message: pending } },
      'POST /api/student/answerEmailChange': { status: 409, body: { message: emailChange.alreadyApproved } },
    });
    const { user } = renderApp(answerLink('abc123'));

    await user.click(await screen.findByRole('button', { name: emailChange.card.approve }));

    expect(await screen.findByRole('alert')).toHaveTextContent(emailChange.alreadyApproved);
    expect(screen.queryByRole('button', { name: emailChange.card.decline })).not.toBeInTheDocument();
  });

  it('says the link is not valid when it has no token, without calling the server', async () => {
    const { calls } = stubApi(visitor);
    renderApp(paths.signin.answerEmailChange);

    expect(await screen.findByRole('alert')).toHaveTextContent(emailChange.invalidLink);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
