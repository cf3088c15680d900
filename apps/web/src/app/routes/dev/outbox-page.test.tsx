import type { OutboxEmail } from '@portal/contracts/mail';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { statusReply, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const resetUrl = 'http://localhost:3000/signin/student/reset-password#token=abc_DEF-123';

const email = (changes: Partial<OutboxEmail>): OutboxEmail => ({
  _id: 'e0000000-0000-4000-8000-000000000001',
  to: 'asha@example.com',
  subject: 'Choose a new password',
  text: `Hello Asha,\n\nTo choose a new password, open this link:\n\n${resetUrl}\n\nThe link works once.`,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: null,
  failedAt: null,
  attempts: 0,
  lastError: null,
  ...changes,
});

describe('development outbox', () => {
  it('lists the emails with their status and makes the links in them clickable', async () => {
    stubApi({
      'GET /api/dev/outbox': {
        body: {
          message: [
            email({ attempts: 2, lastError: 'connect ECONNREFUSED 127.0.0.1:25' }),
            email({
              _id: 'e0000000-0000-4000-8000-000000000002',
              subject: 'Your application moved',
              text: 'Follow your applications at http://localhost:3000/student/applicationStatus.',
              sentAt: '2026-03-01T09:00:01.000Z',
              attempts: 1,
            }),
            email({
              _id: 'e0000000-0000-4000-8000-000000000003',
              subject: 'New applicant',
              text: 'Someone applied.',
              failedAt: '2026-03-01T12:00:00.000Z',
              attempts: 8,
              lastError: '550 mailbox unavailable',
            }),
          ],
        },
      },
    });
    renderApp(paths.devOutbox);

    expect(await screen.findByRole('heading', { name: 'Development outbox' })).toBeVisible();
    const reset = await screen.findByRole('article', { name: 'Choose a new password' });
    expect(within(reset).getByText('To asha@example.com')).toBeVisible();
    expect(within(reset).getByText('Waiting (2 attempts)')).toBeVisible();
    expect(within(reset).getByText('Last error: connect ECONNREFUSED 127.0.0.1:25')).toBeVisible();
    expect(within(reset).getByRole('link', { name: resetUrl })).toHaveAttribute('href', resetUrl);
    expect(within(reset).getByText(/To choose a new password, open this link:/).tagName).toBe('PRE');

    const failed = screen.getByRole('article', { name: 'New applicant' });
    expect(within(failed).getByText('Given up after 8 attempts')).toBeVisible();
    expect(within(failed).getByText('Last error: 550 mailbox unavailable')).toBeVisible();

    const moved = screen.getByRole('article', { name: 'Your application moved' });
    expect(within(moved).getByText('Sent')).toBeVisible();
    // The full stop ending the sentence is not part of the address.
    expect(within(moved).getByRole('link')).toHaveAttribute(
      'href',
      'http://localhost:3000/student/applicationStatus',
    );
  });

  it('says when there are no emails yet, and asks again on Refresh', async () => {
    const { calls } = stubApi({ 'GET /api/dev/outbox': { body: { message: [] } } });
    const { user } = renderApp(paths.devOutbox);

    expect(await screen.findByText('No emails yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => expect(calls.filter((call) => call.path === '/api/dev/outbox')).toHaveLength(2));
  });

  it('opens for a signed-in user too', async () => {
    stubApi({ 'GET /api/': statusReply('company'), 'GET /api/dev/outbox': { body: { message: [] } } });
    const { router } = renderApp(paths.devOutbox);

    expect(await screen.findByText('No emails yet.')).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.devOutbox);
  });

  it('explains that the outbox exists only while the server runs in development', async () => {
    stubApi({ 'GET /api/dev/outbox': { status: 404, body: { message: 'Not found.' } } });
    renderApp(paths.devOutbox);

    expect(
      await screen.findByText('The outbox is only available while the server runs in development.'),
    ).toBeVisible();
  });
});
