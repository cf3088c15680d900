import { companyRecord } from '../../../testing/records.ts';
import { offers, pipeline } from '@portal/contracts/messages';
import type { ApplicantDetails } from '@portal/contracts/pipeline';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailHref, paths } from '../../../config/paths.ts';
import { addDays, localDate } from '../../../lib/dates.ts';
import { type StubReply, statusReply, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const companyStubs = (): Record<string, StubReply> => ({
  'GET /api/': statusReply('company'),
  'GET /api/company/getCompanyData': { body: { message: companyRecord } },
  'GET /api/notifications': { body: { message: { items: [], total: 0, unread: 0 } } },
  'GET /api/company/jobs': { body: { message: [] } },
});

const applicant = (changes: Partial<ApplicantDetails>): ApplicantDetails => ({
  _id: 'b7c8f3de-0000-4000-8000-000000000901',
  jobId: 'b7c8f3de-0000-4000-8000-000000000900',
  role: 'Data Analyst',
  name: 'Asha Rao',
  appliedAt: '2026-11-20T10:00:00.000Z',
  stage: 'HR Interview',
  placed: null,
  schedule: null,
  packageOffered: null,
  eligibilitySnapshot: null,
  offer: null,
  history: [{ stage: 'Form Submitted', at: '2026-11-20T10:00:00.000Z', by: 'Asha Rao' }],
  student: {
    _id: 'b7c8f3de-0000-4000-8000-000000000101',
    personalDetail: {
      firstName: 'Asha',
      lastName: 'Rao',
      emailID: 'asha@example.com',
      phone: '9876543210',
      profilePicture: '',
    },
    educationalDetails: {
      rollNumber: '21BCE1001',
      degrees: ['B.Tech'],
      collegeName: 'GEC',
      cgpa: 8,
      yearOfPassing: 2026,
      verified: false,
      verification: null,
    },
    resume: '',
    pastInternshipsProjects: { internships: [], projects: [] },
  },
  ...changes,
});

const id = applicant({})._id;

describe("the company's offer", () => {
  it("shows a placed student as such and disables Offer Letter with the placement policy's reason", async () => {
    const refusal = 'You have accepted an offer in the Dream tier; this job is in the Regular tier.';
    stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${id}`]: {
        body: { message: applicant({ placed: { label: 'Placed · Dream tier', offerRefusal: refusal } }) },
      },
    });
    renderApp(detailHref(paths.company.applicantDetails, id));
    expect(await screen.findByText('Placed · Dream tier')).toBeVisible();
    const offer = screen.getByRole('option', { name: 'Offer Letter (not allowed by the placement policy)' });
    expect(offer).toBeDisabled();
    expect(screen.getByText(`Offer Letter: ${refusal}`)).toBeVisible();
    // Other moves stay open.
    expect(screen.getByRole('option', { name: 'Rejected' })).toBeEnabled();
  });

  it('takes an optional decide-by date at least 3 days ahead with the Offer Letter move', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${id}`]: { body: { message: applicant({}) } },
      [`POST /api/company/applications/${id}/stage`]: { body: { message: pipeline.moved('Offer Letter') } },
    });
    const { user } = renderApp(detailHref(paths.company.applicantDetails, id));
    await user.selectOptions(await screen.findByLabelText('Move to'), 'Offer Letter');
    await user.type(screen.getByLabelText('Package offered (LPA)'), '9');
    const decideBy = screen.getByLabelText('Decide by (optional)');
    const earliest = addDays(localDate(), 3);
    expect(decideBy).toHaveAttribute('type', 'date');
    expect(decideBy).toHaveAttribute('min', earliest);

    await user.type(decideBy, addDays(localDate(), 2));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(offers.decideBy)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(decideBy);
    await user.type(decideBy, earliest);
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        stage: 'Offer Letter',
        packageOffered: 9,
        decideBy: earliest,
      }),
    );
  });

  it('shows the open offer with its history and withdraws it with a reason', async () => {
    const a = applicant({
      stage: 'Offer Letter',
      packageOffered: 9,
      offer: {
        state: 'Offered',
        package: 9,
        decideBy: '2099-03-10',
        tier: 'Regular',
        reason: '',
        decidedAt: null,
      },
      history: [
        { stage: 'Form Submitted', at: '2026-11-20T10:00:00.000Z', by: 'Asha Rao' },
        { stage: 'Offer Letter', at: '2026-11-22T10:00:00.000Z', by: 'Acme Corp', offerState: 'Offered' },
      ],
    });
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${id}`]: { body: { message: a } },
      [`POST /api/company/applications/${id}/offer/withdraw`]: { body: { message: offers.withdrawn } },
    });
    const { user } = renderApp(detailHref(paths.company.applicantDetails, id));

    const panel = await screen.findByRole('region', { name: 'Your offer to Asha Rao' });
    expect(within(panel).getByText('Offered')).toBeVisible();
    expect(within(panel).getByText('2099-03-10')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Stage history' })).getByText(offers.event.Offered),
    ).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Withdraw offer' }));
    expect(await within(panel).findByText(offers.reasonRequired)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(panel).getByLabelText('Reason for withdrawing'), 'The position was cancelled');
    await user.click(within(panel).getByRole('button', { name: 'Withdraw offer' }));
    expect(await screen.findByText(offers.withdrawn)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/api/company/applications/${id}/offer/withdraw`,
      body: { reason: 'The position was cancelled' },
    });
  });
});
