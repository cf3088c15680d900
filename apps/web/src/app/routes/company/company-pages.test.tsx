import { pipeline } from '@portal/contracts/messages';
import type { ApplicantDetails, ApplicantRow } from '@portal/contracts/pipeline';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailHref, paths } from '../../../config/paths.ts';
import { type StubReply, statusReply, stubApi } from '../../../testing/api-stub.ts';
import { companyRecord } from '../../../testing/records.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const companyStubs = (): Record<string, StubReply> => ({
  'GET /api/': statusReply('company'),
  'GET /api/company/getCompanyData': { body: { message: companyRecord } },
  'GET /api/notifications': { body: { message: { items: [], unread: 0 } } },
  'GET /api/company/jobs': { body: { message: [] } },
});

const row = (id: string, name: string): ApplicantRow => ({
  _id: id,
  jobId: 'b7c8f3de-0000-4000-8000-000000000900',
  role: 'Data Analyst',
  studentId: `${id}-s`,
  name,
  degrees: ['B.Tech'],
  cgpa: 8,
  appliedAt: '2026-11-20T10:00:00.000Z',
  stage: 'Form Submitted',
});

const applicant = (stage: ApplicantDetails['stage']): ApplicantDetails => ({
  ...row('b7c8f3de-0000-4000-8000-000000000901', 'Asha Rao'),
  stage,
  schedule: null,
  packageOffered: null,
  history: [{ stage: 'Form Submitted', at: '2026-11-20T10:00:00.000Z', by: 'Asha Rao' }],
  student: {
    _id: 'x',
    personalDetail: {
      firstName: 'Asha',
      lastName: 'Rao',
      emailID: 'asha@example.com',
      phone: '9876543210',
      profilePicture: '',
    },
    educationalDetails: {
      rollNumber: 1,
      degrees: ['B.Tech'],
      collegeName: 'GEC',
      cgpa: 8,
      yearOfPassing: 2026,
    },
    resume: '',
    pastInternshipsProjects: { internships: [], projects: [] },
  },
});

describe('company applicants', () => {
  it('shortlists the checked applicants in one call and toasts the count', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/applicants': {
        body: {
          message: [
            row('b7c8f3de-0000-4000-8000-000000000001', 'Asha Rao'),
            row('b7c8f3de-0000-4000-8000-000000000002', 'Bala Iyer'),
          ],
        },
      },
      'POST /api/company/applications/bulk': { body: { message: pipeline.bulkMoved(1, 'Shortlisted', 0) } },
    });
    const { user } = renderApp(paths.company.applicants);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bala Iyer' }));
    await user.click(screen.getByRole('button', { name: 'Shortlist selected' }));
    expect(await screen.findByText('1 applicant moved to Shortlisted.')).toBeVisible();
    expect(calls.find((c) => c.path === '/api/company/applications/bulk')?.body).toEqual({
      applicationIds: ['b7c8f3de-0000-4000-8000-000000000002'],
      stage: 'Shortlisted',
    });
  });

  it('offers only forward stages and asks for the package before an offer', async () => {
    const a = applicant('Technical Interview');
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
      [`POST /api/company/applications/${a._id}/stage`]: {
        body: { message: pipeline.moved('Offer Letter') },
      },
    });
    const { user } = renderApp(detailHref(paths.company.applicantDetails, a._id));
    const select = await screen.findByLabelText('Move to');
    const options = [...(select as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(options).toEqual(['HR Interview', 'Offer Letter', 'Rejected']);

    await user.selectOptions(select, 'Offer Letter');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(pipeline.packageRequired)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Package offered (LPA)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        stage: 'Offer Letter',
        packageOffered: 12.5,
      }),
    );
  });
});
