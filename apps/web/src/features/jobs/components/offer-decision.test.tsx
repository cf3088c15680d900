import type { StudentApplication } from '@portal/contracts/applications';
import { offers } from '@portal/contracts/messages';
import type { Offer } from '@portal/contracts/offers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { studentAreaStubs } from '../../../testing/student-area.ts';

const openOffer: Offer = {
  state: 'Offered',
  package: 8,
  decideBy: '2099-03-10',
  tier: 'Dream',
  reason: '',
  decidedAt: null,
};

const application = (offer: Offer | null): StudentApplication => ({
  _id: 'd0e0f0a0-0000-4000-8000-000000000001',
  jobId: 'a0b0c0d0-0000-4000-8000-000000000001',
  company: 'Acme Corp',
  role: 'SDE',
  appliedAt: '2026-02-01T09:30:00.000Z',
  stage: 'Offer Letter',
  schedule: null,
  history: [
    { stage: 'Form Submitted', at: '2026-02-01T09:30:00.000Z', by: 'Asha Verma' },
    { stage: 'Offer Letter', at: '2026-02-04T11:00:00.000Z', by: 'Acme Corp', offerState: 'Offered' },
  ],
  offer,
});

const decisionPath = `/api/student/offers/${application(null)._id}/decision`;

describe('an offer on Application Status', () => {
  it('shows the offer and accepts it only after the confirmation dialog, with a toast', async () => {
    let answered = false;
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'GET /api/student/applications': () => ({
        body: {
          message: [
            application(
              answered
                ? { ...openOffer, state: 'Accepted', decidedAt: '2099-03-01T10:00:00.000Z' }
                : openOffer,
            ),
          ],
        },
      }),
      [`POST ${decisionPath}`]: () => {
        answered = true;
        return { body: { message: offers.accepted('Acme Corp') } };
      },
    });
    const { user } = renderApp(paths.student.applicationStatus);

    const panel = await screen.findByRole('region', { name: 'Offer from Acme Corp' });
    for (const text of ['8 LPA', 'Dream', '2099-03-10', 'Offered']) {
      expect(within(panel).getByText(text)).toBeVisible();
    }
    expect(screen.getByText(offers.event.Offered)).toBeVisible();

    // Escape closes the dialog and sends nothing.
    const accept = within(panel).getByRole('button', { name: 'Accept offer' });
    await user.click(accept);
    let dialog = screen.getByRole('dialog', { name: 'Accept this offer?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(dialog).toHaveTextContent(offers.confirmAccept('Acme Corp', '8 LPA'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(accept).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(accept);
    dialog = screen.getByRole('dialog', { name: 'Accept this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, accept' }));

    expect(await screen.findByText(offers.accepted('Acme Corp'))).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: decisionPath,
      body: { decision: 'Accept' },
    });
    await waitFor(() => expect(within(panel).getByText('Accepted')).toBeVisible());
    expect(within(panel).queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  });

  it('declines after confirming', async () => {
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'GET /api/student/applications': { body: { message: [application(openOffer)] } },
      [`POST ${decisionPath}`]: { body: { message: offers.declined } },
    });
    const { user } = renderApp(paths.student.applicationStatus);
    await user.click(await screen.findByRole('button', { name: 'Decline offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByText(offers.declined)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ decision: 'Decline' });
  });

  it('shows the reason of a withdrawn offer, with nothing left to answer', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/student/applications': {
        body: {
          message: [application({ ...openOffer, state: 'Withdrawn', reason: 'The position was cancelled' })],
        },
      },
    });
    renderApp(paths.student.applicationStatus);
    const withdrawn = await screen.findByRole('region', { name: 'Offer from Acme Corp' });
    expect(within(withdrawn).getByText('Withdrawn')).toBeVisible();
    expect(within(withdrawn).getByText('The position was cancelled')).toBeVisible();
    expect(within(withdrawn).queryByRole('button')).not.toBeInTheDocument();
  });
});
