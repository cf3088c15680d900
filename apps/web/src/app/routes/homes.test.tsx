import { stages } from '@portal/contracts/applications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { stubApi } from '../../testing/api-stub.ts';
import { companyHome, staffHome, studentHome } from '../../testing/homes.ts';
import { companyRecord } from '../../testing/records.ts';
import { statusReply } from '../../testing/api-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { staffAreaStubs } from '../../testing/staff-area.ts';
import { studentAreaStubs } from '../../testing/student-area.ts';

const applicationId = 'd0e0f0a0-0000-4000-8000-000000000001';
const jobId = 'a0b0c0d0-0000-4000-8000-000000000001';
const at = '2026-11-26T09:30:00.000Z';

describe("the student's home", () => {
  it('opens the dashboard with the day above the profile, each missing part linking to its page', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/student/emailSettings': { body: { message: { stageChanges: true, interviews: true } } },
      'GET /api/student/home': {
        body: {
          message: studentHome({
            completeness: { percent: 67, missing: ['resume', 'projects'] },
            offers: [
              {
                applicationId,
                jobRole: 'SDE',
                companyName: 'Acme',
                package: 12,
                decideBy: '2026-12-01',
                tier: 'Dream',
              },
            ],
            upcoming: [
              {
                applicationId,
                jobRole: 'SDE',
                companyName: 'Acme',
                stage: 'HR Interview',
                at,
                place: 'Room 4',
              },
            ],
            applications: 3,
            applicationsByStage: stages.map((stage) => ({
              stage,
              count: stage === 'Form Submitted' ? 2 : stage === 'Offer Letter' ? 1 : 0,
            })),
            newJobs: [
              {
                _id: jobId,
                role: 'Data Analyst',
                companyName: 'Globex',
                applicationDeadline: '2026-12-26',
                package: 6,
                type: 'Full-time',
              },
            ],
          }),
        },
      },
    });
    const { user, router } = renderApp(paths.student.dashboard);

    const profile = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(profile).getByRole('progressbar', { name: 'Profile complete' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    expect(screen.getByRole('region', { name: 'Offers to answer' })).toHaveTextContent(
      'SDE at Acme · 12 LPA · Dream · decide by Tue, 1 Dec 2026',
    );
    expect(screen.getByRole('region', { name: 'Coming up' })).toHaveTextContent(
      'HR Interview · SDE at Acme · Room 4',
    );
    const byStage = within(screen.getByRole('region', { name: 'Your applications' })).getByRole('list', {
      name: 'Applications by stage',
    });
    expect(
      within(byStage)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Form Submitted 2', 'Offer Letter 1']);
    expect(screen.getByRole('region', { name: 'New jobs for you' })).toHaveTextContent(
      'Data Analyst at Globex · 6 LPA · Full-time',
    );
    expect(
      within(screen.getByRole('region', { name: 'New jobs for you' })).getByRole('link', {
        name: 'Data Analyst',
      }),
    ).toHaveAttribute('href', `/student/jobs/${jobId}`);
    // The profile follows below the day.
    expect(await screen.findByLabelText('Phone')).toBeInTheDocument();

    await user.click(within(profile).getByRole('link', { name: 'Upload your resume' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.student.resume));
  });

  it('shows the same page on the index, the dashboard and the profile, as the spec has it', async () => {
    for (const path of [paths.student.root, paths.student.profile]) {
      stubApi({
        ...studentAreaStubs(),
        'GET /api/student/emailSettings': { body: { message: { stageChanges: true, interviews: true } } },
      });
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('region', { name: 'Your profile' })).toBeVisible();
      expect(await screen.findByLabelText('Phone')).toBeInTheDocument();
      unmount();
    }
  });
});

describe("staff's home", () => {
  it("shows what waits, today's interviews and the season's figures above their details", async () => {
    stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/statistics': { status: 500, body: { message: 'not asked here' } },
      'GET /api/college-staff/home': {
        body: {
          message: staffHome({
            approvals: {
              companies: [{ _id: jobId, name: 'Nova Labs', createdAt: at }],
              companiesWaiting: 1,
              nameChangesWaiting: 0,
              changeRequestsWaiting: 2,
            },
            today: [
              {
                applicationId,
                studentId: jobId,
                studentName: 'Asha Rao',
                jobRole: 'SDE',
                companyName: 'Acme',
                stage: 'Technical Interview',
                at,
                place: 'Hall B',
              },
            ],
            figures: {
              students: 40,
              placed: 12,
              openJobs: 5,
              applications: 90,
              offersMade: 15,
              offersAccepted: 12,
              offersWaiting: 3,
            },
          }),
        },
      },
    });
    renderApp(paths.staff.root);
    const waiting = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(within(waiting).getByRole('link', { name: '1 company awaits approval' })).toHaveAttribute(
      'href',
      `${paths.staff.companies}?status=Pending`,
    );
    expect(within(waiting).getByRole('link', { name: 'Nova Labs' })).toBeVisible();
    expect(
      within(waiting).getByRole('link', { name: '2 academic change requests to decide' }),
    ).toHaveAttribute('href', paths.staff.verification);
    expect(screen.getByRole('region', { name: "Today's interviews" })).toHaveTextContent(
      'Asha Rao · Technical Interview · SDE at Acme · Hall B',
    );
    expect(screen.getByRole('region', { name: 'This season' })).toHaveTextContent('Placed12 (30%)');
  });
});

describe("the company's home", () => {
  it('becomes the dashboard: what awaits it and its jobs with applicants per stage', async () => {
    stubApi({
      'GET /api/': statusReply('company'),
      'GET /api/company/getCompanyData': { body: { message: companyRecord } },
      'GET /api/notifications': { body: { message: { items: [], total: 0, unread: 0 } } },
      'GET /api/company/home': {
        body: {
          message: companyHome({
            awaiting: { newApplicants: 4, offersWaiting: 1 },
            jobs: [
              {
                _id: jobId,
                role: 'Data Analyst',
                location: 'Pune',
                workMode: 'On-site',
                description: 'Dashboards',
                qualifications: ['B.Tech'],
                startDate: '2026-11-01',
                applicationDeadline: '2026-12-26',
                status: 'Open',
                eligibility: { minCgpa: null, degrees: [], programmes: [], years: [] },
                type: 'Full-time',
                package: 6,
                applicants: 4,
                byStage: stages.map((stage) => ({ stage, count: stage === 'Form Submitted' ? 4 : 0 })),
              },
            ],
          }),
        },
      },
    });
    renderApp(paths.company.dashboard);
    const waiting = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(within(waiting).getByRole('link', { name: '4 new applicants to review' })).toHaveAttribute(
      'href',
      paths.company.applicants,
    );
    expect(waiting).toHaveTextContent("1 offer awaiting the student's answer");
    const jobs = screen.getByRole('region', { name: 'Your jobs' });
    expect(within(jobs).getByRole('heading', { name: 'Data Analyst' })).toBeVisible();
    expect(within(jobs).getByRole('link', { name: 'View applicants of Data Analyst' })).toHaveAttribute(
      'href',
      `${paths.company.applicants}?jobId=${jobId}`,
    );
    // The profile is its own page now.
    expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();
  });
});
