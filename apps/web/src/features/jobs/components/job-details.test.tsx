import type { JobPage } from '@portal/contracts/jobs';
import { applying } from '@portal/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { studentRecord } from '../../../testing/records.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { JobDetails } from './job-details.tsx';

const id = 'a0b0c0d0-0000-4000-8000-000000000001';
const applicationId = 'a0b0c0d0-0000-4000-8000-0000000000aa';

const jobPage = (changes: Partial<JobPage> = {}, job: Partial<JobPage['job']> = {}): JobPage => ({
  job: {
    _id: id,
    role: 'Platform Engineer',
    description: 'Run the platform.',
    qualifications: ['B.Tech', 'Good at Linux'],
    startDate: '2026-12-20',
    applicationDeadline: '2026-12-26',
    status: 'Open',
    eligibility: { minCgpa: 7, degrees: ['B.Tech'], programmes: ['degree:B.Tech'], years: [] },
    type: 'Full-time',
    package: 14,
    location: 'Hyderabad',
    workMode: 'Hybrid',
    applied: false,
    tier: 'Dream',
    notEligibleReason: null,
    refusal: null,
    companyName: 'Globex',
    ...job,
  },
  application: null,
  stages: [
    'Form Submitted',
    'Shortlisted',
    'Online Assessment',
    'Technical Interview',
    'HR Interview',
    'Offer Letter',
  ],
  today: '2026-12-23',
  missing: [],
  record: {
    _id: studentRecord._id,
    personalDetail: {
      firstName: 'Asha',
      lastName: 'Verma',
      emailID: 'asha@example.com',
      phone: '9876543210',
      profilePicture: '',
    },
    educationalDetails: studentRecord.educationalDetails,
    resume: '/api/files/resume.pdf',
    pastInternshipsProjects: { internships: [], projects: [] },
  },
  ...changes,
});

const renderPage = () => renderRoutes([{ path: '/', Component: () => <JobDetails jobId={id} /> }], '/');

describe('the job page', () => {
  it('shows the description, place and mode, type, package, eligibility, stages and the deadline in words', async () => {
    stubApi({ [`GET /api/student/jobs/${id}`]: { body: { message: jobPage() } } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Platform Engineer' })).toBeVisible();
    expect(screen.getByText('Globex')).toBeVisible();
    expect(screen.getByText('Hyderabad · Hybrid')).toBeVisible();
    expect(screen.getByText('Full-time · 14 LPA · Dream tier')).toBeVisible();
    expect(screen.getByText('CGPA 7 or above · B.Tech')).toBeVisible();
    expect(screen.getByText('closes in 3 days, 26 Dec')).toBeVisible();
    expect(screen.getByText('Run the platform.')).toBeVisible();
    const stages = screen.getByRole('heading', { name: 'How selection works' }).parentElement!;
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(jobPage().stages);
    // The zone is named once on the page.
    expect(screen.getAllByText(/^Dates are in /)).toHaveLength(1);
  });

  it('says why a student may not apply, with no Apply button', async () => {
    stubApi({
      [`GET /api/student/jobs/${id}`]: {
        body: {
          message: jobPage({}, { refusal: 'notEligible', notEligibleReason: 'Minimum CGPA 7; yours is 6.5' }),
        },
      },
    });
    renderPage();
    expect(await screen.findByText('Minimum CGPA 7; yours is 6.5')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Apply to Platform Engineer' })).not.toBeInTheDocument();
  });

  it('opens a review of what the recruiter will see, and submits the application from it', async () => {
    const { calls } = stubApi({
      [`GET /api/student/jobs/${id}`]: { body: { message: jobPage() } },
      'POST /api/student/jobApplyByStudent': { status: 201, body: { message: applying.applied } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Apply to Platform Engineer' }));
    const review = await screen.findByRole('dialog', { name: 'Review your application' });
    expect(
      within(review).getByText('Globex will see your record as below for Platform Engineer.'),
    ).toBeVisible();
    expect(within(review).getByText('asha@example.com')).toBeVisible();
    expect(within(review).getByText('8.2')).toBeVisible();
    expect(within(review).getByRole('link', { name: /View the resume you will send/ })).toHaveAttribute(
      'href',
      '/api/files/resume.pdf',
    );
    // Nothing is sent until the student submits from the review.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(review).getByRole('button', { name: 'Submit application' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ jobID: id }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists what is missing with links to add it, and keeps Submit disabled', async () => {
    stubApi({
      [`GET /api/student/jobs/${id}`]: {
        body: {
          message: jobPage(
            { missing: ['rollNumber', 'resume'] },
            { refusal: 'incomplete', notEligibleReason: applying.incomplete(['roll number', 'resume']) },
          ),
        },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Apply to Platform Engineer' }));
    const review = await screen.findByRole('dialog', { name: 'Review your application' });
    expect(await within(review).findByRole('link', { name: 'Add your roll number' })).toHaveAttribute(
      'href',
      '/student/academicDetails',
    );
    expect(within(review).getByRole('link', { name: 'Add your resume' })).toHaveAttribute(
      'href',
      '/student/resume',
    );
    expect(within(review).getByRole('button', { name: 'Submit application' })).toBeDisabled();
  });

  it('withdraws an application not yet shortlisted, after asking', async () => {
    const { calls } = stubApi({
      [`GET /api/student/jobs/${id}`]: {
        body: {
          message: jobPage(
            {
              application: {
                _id: applicationId,
                stage: 'Form Submitted',
                appliedAt: '2026-12-21T05:00:00.000Z',
                withdrawable: true,
              },
            },
            { applied: true },
          ),
        },
      },
      [`POST /api/student/applications/${applicationId}/withdraw`]: { body: { message: applying.withdrawn } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this application?' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        `/api/student/applications/${applicationId}/withdraw`,
      ]),
    );
  });

  it('offers no Withdraw once the company has shortlisted the application', async () => {
    stubApi({
      [`GET /api/student/jobs/${id}`]: {
        body: {
          message: jobPage(
            {
              application: {
                _id: applicationId,
                stage: 'Shortlisted',
                appliedAt: '2026-12-21T05:00:00.000Z',
                withdrawable: false,
              },
            },
            { applied: true },
          ),
        },
      },
    });
    renderPage();
    expect(await screen.findByText(/You applied on 21 Dec/)).toBeVisible();
    expect(screen.getAllByText('Shortlisted')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument();
  });
});
