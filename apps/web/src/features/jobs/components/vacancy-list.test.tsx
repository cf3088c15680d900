import type { Vacancy, VacancyListing } from '@portal/contracts/jobs';
import { screen, within } from '@testing-library/react';
import { policy } from '@portal/contracts/messages';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { VacancyList } from './vacancy-list.tsx';

const job = (changes: Partial<Vacancy>): Vacancy => ({
  _id: 'a0b0c0d0-0000-4000-8000-000000000001',
  role: 'SDE',
  description: 'Build services.',
  qualifications: ['B.Tech', 'Good at DSA'],
  startDate: '2026-01-01T00:00:00.000Z',
  applicationDeadline: '2027-01-01',
  status: 'Open',
  eligibility: { minCgpa: null, degrees: [], years: [] },
  type: 'Full-time',
  package: null,
  applied: false,
  tier: 'Regular',
  notEligibleReason: null,
  ...changes,
});

const sde = job({});
const analyst = job({ _id: 'a0b0c0d0-0000-4000-8000-000000000002', role: 'Analyst', applied: true });
const researcher = job({
  _id: 'a0b0c0d0-0000-4000-8000-000000000003',
  role: 'Researcher',
  eligibility: { minCgpa: 9, degrees: [], years: [] },
  notEligibleReason: 'Minimum CGPA 9; yours is 8.2',
});

const listing: VacancyListing = [
  { companyName: 'Acme Corp', jobs: [sde, analyst] },
  { companyName: 'Globex', jobs: [researcher] },
];

const renderList = () => renderRoutes([{ path: '/', Component: VacancyList }], '/');

describe('job vacancies', () => {
  it("shows the type, package and tier, and the placement policy's reason instead of Apply", async () => {
    const reason = policy.sameOrHigherTier('Dream', 'Regular');
    stubApi({
      'GET /api/student/getJobs': {
        body: {
          message: [
            {
              companyName: 'Tiered',
              jobs: [
                job({ role: 'Support', package: 6, notEligibleReason: reason }),
                job({
                  _id: 'a0b0c0d0-0000-4000-8000-000000000009',
                  role: 'Architect',
                  package: 24,
                  tier: 'Super Dream',
                }),
                job({
                  _id: 'a0b0c0d0-0000-4000-8000-000000000010',
                  role: 'Intern',
                  type: 'Internship',
                }),
              ],
            },
          ],
        },
      },
    });
    renderList();

    const support = await screen.findByRole('article', { name: 'Support' });
    expect(within(support).getByText('Full-time · 6 LPA · Regular tier')).toBeVisible();
    expect(within(support).getByText('Not eligible')).toBeVisible();
    expect(
      within(support).getByText(
        'You have accepted an offer in the Dream tier; this job is in the Regular tier.',
      ),
    ).toBeVisible();
    expect(within(support).queryByRole('button')).not.toBeInTheDocument();

    const architect = screen.getByRole('article', { name: 'Architect' });
    expect(within(architect).getByText('Full-time · 24 LPA · Super Dream tier')).toBeVisible();
    expect(within(architect).getByRole('button', { name: 'Apply to Architect' })).toBeEnabled();
    const intern = screen.getByRole('article', { name: 'Intern' });
    expect(within(intern).getByText('Internship · Regular tier')).toBeVisible();
  });

  it('groups jobs by company and offers Apply, Applied or Not eligible with the reason', async () => {
    stubApi({ 'GET /api/student/getJobs': { body: { message: listing } } });
    renderList();

    const acme = await screen.findByRole('region', { name: 'Acme Corp' });
    expect(within(acme).getByRole('heading', { name: 'Acme Corp' })).toBeVisible();

    const sdeCard = within(acme).getByRole('article', { name: 'SDE' });
    expect(within(sdeCard).getByText('Build services.')).toBeVisible();
    expect(
      within(sdeCard)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['B.Tech', 'Good at DSA']);
    expect(within(sdeCard).getByText('2026-01-01')).toBeVisible();
    expect(within(sdeCard).getByText('2027-01-01')).toBeVisible();
    expect(within(sdeCard).getByText('Open')).toBeVisible();
    expect(within(sdeCard).getByRole('button', { name: 'Apply to SDE' })).toBeEnabled();

    const analystCard = within(acme).getByRole('article', { name: 'Analyst' });
    expect(within(analystCard).getByRole('button', { name: 'Applied to Analyst' })).toBeDisabled();
    expect(within(analystCard).queryByRole('button', { name: /Apply to/ })).not.toBeInTheDocument();

    const globex = screen.getByRole('region', { name: 'Globex' });
    const researcherCard = within(globex).getByRole('article', { name: 'Researcher' });
    expect(within(researcherCard).getByText('Not eligible')).toBeVisible();
    expect(within(researcherCard).getByText('Minimum CGPA 9; yours is 8.2')).toBeVisible();
    expect(within(researcherCard).getByText('CGPA 9 or above')).toBeVisible();
    expect(within(researcherCard).queryByRole('button')).not.toBeInTheDocument();
  });

  it("applies, toasts the server's message and shows the job as Applied", async () => {
    let applied = false;
    const { calls } = stubApi({
      'GET /api/student/getJobs': () => ({
        body: { message: [{ companyName: 'Acme Corp', jobs: [{ ...sde, applied }] }] },
      }),
      'POST /api/student/jobApplyByStudent': () => {
        applied = true;
        return { status: 201, body: { message: 'Application submitted successfully.' } };
      },
      'GET /api/student/applications': { body: { message: [] } },
    });
    const { user } = renderList();

    await user.click(await screen.findByRole('button', { name: 'Apply to SDE' }));

    expect(await screen.findByText('Application submitted successfully.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Applied to SDE' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ jobID: sde._id });
  });

  it("toasts the server's refusal", async () => {
    stubApi({
      'GET /api/student/getJobs': { body: { message: [{ companyName: 'Acme Corp', jobs: [sde] }] } },
      'POST /api/student/jobApplyByStudent': {
        status: 409,
        body: { message: 'You have already applied to this job.' },
      },
    });
    const { user } = renderList();

    await user.click(await screen.findByRole('button', { name: 'Apply to SDE' }));

    expect(await screen.findByText('You have already applied to this job.')).toBeVisible();
  });

  it('says when there are no openings', async () => {
    stubApi({ 'GET /api/student/getJobs': { body: { message: [{ companyName: 'Acme Corp', jobs: [] }] } } });
    renderList();

    expect(await screen.findByText('No job openings right now. Check back soon.')).toBeVisible();
  });
});
