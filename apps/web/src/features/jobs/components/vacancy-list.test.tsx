import type { JobPage, VacancyItem, VacancyPage } from '@portal/contracts/jobs';
import { applying, policy, vacancies } from '@portal/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubApi } from '../../../testing/api-stub.ts';
import { studentRecord } from '../../../testing/records.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { VacancyList } from './vacancy-list.tsx';

const job = (changes: Partial<VacancyItem>): VacancyItem => ({
  _id: 'a0b0c0d0-0000-4000-8000-000000000001',
  role: 'SDE',
  description: 'Build services.',
  qualifications: ['B.Tech', 'Good at DSA'],
  startDate: '2026-01-01T00:00:00.000Z',
  applicationDeadline: '2027-01-01',
  status: 'Open',
  eligibility: { minCgpa: null, degrees: [], programmes: [], years: [] },
  type: 'Full-time',
  package: null,
  location: '',
  workMode: 'On-site',
  applied: false,
  tier: 'Regular',
  notEligibleReason: null,
  refusal: null,
  companyName: 'Acme Corp',
  ...changes,
});
const numbered = (i: number) =>
  job({ _id: `a0b0c0d0-0000-4000-8000-${String(i).padStart(12, '0')}`, role: `Role ${i}` });

const page = (items: VacancyItem[], total = items.length) => ({
  body: { message: { items, total } satisfies VacancyPage },
});
/** The job page the review reads: this job, nothing missing, the student's record. */
const reviewOf = (item: VacancyItem): JobPage => ({
  job: item,
  application: null,
  stages: ['Form Submitted', 'Shortlisted'],
  today: '2026-12-01',
  missing: [],
  record: {
    _id: studentRecord._id,
    personalDetail: { ...studentRecord.personalDetail },
    educationalDetails: studentRecord.educationalDetails,
    resume: '/api/files/r.pdf',
    pastInternshipsProjects: { internships: [], projects: [] },
  },
});
const queryOf = (call: StubCall) => Object.fromEntries(new URLSearchParams(call.search));
const listCalls = (calls: StubCall[]) => calls.filter((c) => c.path === '/api/student/jobs').map(queryOf);

const renderList = (url = '/') => renderRoutes([{ path: '/', Component: VacancyList }], url);

describe('job vacancies', () => {
  it('shows company, type, package and tier, Apply, Applied, and why not: the timing with its own badge', async () => {
    stubApi({
      'GET /api/student/jobs': page([
        job({
          role: 'Support',
          package: 6,
          refusal: 'notEligible',
          notEligibleReason: policy.sameOrHigherTier('Dream', 'Regular'),
        }),
        job({
          _id: 'a0b0c0d0-0000-4000-8000-000000000002',
          role: 'Architect',
          package: 24,
          tier: 'Super Dream',
          companyName: 'Globex',
        }),
        job({ _id: 'a0b0c0d0-0000-4000-8000-000000000003', role: 'Analyst', applied: true }),
        job({
          _id: 'a0b0c0d0-0000-4000-8000-000000000004',
          role: 'Designer',
          startDate: '2099-01-05',
          refusal: 'notOpenYet',
          notEligibleReason: applying.notOpenYet('2099-01-05'),
        }),
      ]),
    });
    renderList();

    const support = await screen.findByRole('article', { name: 'Support' });
    expect(within(support).getByText('Acme Corp')).toBeVisible();
    expect(within(support).getByText('Full-time · 6 LPA · Regular tier')).toBeVisible();
    expect(within(support).getByText(vacancies.notEligible)).toBeVisible();
    expect(
      within(support).getByText(
        'You have accepted an offer in the Dream tier; this job is in the Regular tier.',
      ),
    ).toBeVisible();
    expect(within(support).queryByRole('button')).not.toBeInTheDocument();

    const architect = screen.getByRole('article', { name: 'Architect' });
    expect(within(architect).getByText('Globex')).toBeVisible();
    expect(within(architect).getByRole('button', { name: 'Apply to Architect' })).toBeEnabled();
    expect(
      within(screen.getByRole('article', { name: 'Analyst' })).getByRole('button', {
        name: 'Applied to Analyst',
      }),
    ).toBeDisabled();

    const designer = screen.getByRole('article', { name: 'Designer' });
    expect(within(designer).getByText('Opens on 5 Jan 2099')).toBeVisible();
    expect(within(designer).queryByText(vacancies.notEligible)).not.toBeInTheDocument();
    expect(within(designer).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 4 of 4 jobs')).toBeVisible();
  });

  it('asks for eligible jobs by soonest deadline first, and keeps search, Eligible only and sort in the URL', async () => {
    const { calls } = stubApi({ 'GET /api/student/jobs': page([job({})]) });
    const { user, router } = renderList();
    await screen.findByRole('article', { name: 'SDE' });
    // No search yet: the empty text is not sent (the server reads none as an empty search).
    expect(listCalls(calls)[0]).toEqual({
      eligibleOnly: 'true',
      sort: 'deadline',
      page: '1',
      pageSize: '20',
    });
    expect(screen.getByRole('checkbox', { name: 'Eligible only' })).toBeChecked();

    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'acme');
    await waitFor(() => expect(listCalls(calls).at(-1)?.search).toBe('acme'), { timeout: 2000 });
    // Typing asked once, after the pause, not once per letter.
    expect(listCalls(calls).filter((q) => q.search !== undefined)).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Eligible only' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Highest package');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({
        search: 'acme',
        eligibleOnly: 'false',
        sort: 'package',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      search: 'acme',
      eligibleOnly: 'false',
      sort: 'package',
    });
  });

  it('starts from the filters in the URL', async () => {
    const { calls } = stubApi({ 'GET /api/student/jobs': page([job({})]) });
    renderList('/?search=dev&eligibleOnly=false&sort=newest');
    await screen.findByRole('article', { name: 'SDE' });
    expect(listCalls(calls)[0]).toMatchObject({ search: 'dev', eligibleOnly: 'false', sort: 'newest' });
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('dev');
    expect(screen.getByRole('checkbox', { name: 'Eligible only' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });

  it('loads more a page at a time and says how many of the total are shown', async () => {
    const all = Array.from({ length: 25 }, (_, i) => numbered(i + 1));
    const { calls } = stubApi({
      'GET /api/student/jobs': (_body, query) => {
        const n = Number(query.get('page'));
        return page(all.slice((n - 1) * 20, n * 20), all.length);
      },
    });
    const { user } = renderList();

    expect(await screen.findByText('Showing 20 of 25 jobs')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Jobs' })).getAllByRole('article')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Showing 25 of 25 jobs')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Role 25' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listCalls(calls).map((q) => q.page)).toEqual(['1', '2']);
  });

  it("applies after the review, toasts the server's message and shows the job as Applied", async () => {
    let applied = false;
    const { calls } = stubApi({
      'GET /api/student/jobs': () => page([job({ applied })]),
      [`GET /api/student/jobs/${job({})._id}`]: { body: { message: reviewOf(job({})) } },
      'POST /api/student/jobApplyByStudent': () => {
        applied = true;
        return { status: 201, body: { message: 'Application submitted successfully.' } };
      },
      'GET /api/student/applications': { body: { message: [] } },
    });
    const { user } = renderList();

    await user.click(await screen.findByRole('button', { name: 'Apply to SDE' }));
    const review = await screen.findByRole('dialog', { name: 'Review your application' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(review).getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Application submitted successfully.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Applied to SDE' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ jobID: job({})._id });
  });

  it("toasts the server's refusal, and keeps it in the review", async () => {
    stubApi({
      'GET /api/student/jobs': page([job({})]),
      [`GET /api/student/jobs/${job({})._id}`]: { body: { message: reviewOf(job({})) } },
      'POST /api/student/jobApplyByStudent': {
        status: 409,
        body: { message: 'You have already applied to this job.' },
      },
    });
    const { user } = renderList();

    await user.click(await screen.findByRole('button', { name: 'Apply to SDE' }));
    const review = await screen.findByRole('dialog', { name: 'Review your application' });
    await user.click(within(review).getByRole('button', { name: 'Submit application' }));

    expect(await within(review).findByText('You have already applied to this job.')).toBeVisible();
    expect(await screen.findAllByText('You have already applied to this job.')).toHaveLength(2);
  });

  it('asks the server for the type, work mode, company, location and lowest package the URL holds, and changes them', async () => {
    const { calls } = stubApi({
      'GET /api/student/jobs': page([job({ location: 'Pune', workMode: 'Remote' })]),
    });
    const { user } = renderList('/?type=Internship&workMode=Remote&company=acme&location=pune&minPackage=10');
    expect(await screen.findByText('Pune · Remote')).toBeVisible();
    expect(listCalls(calls)[0]).toMatchObject({
      type: 'Internship',
      workMode: 'Remote',
      company: 'acme',
      location: 'pune',
      minPackage: '10',
    });
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Internship');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Work mode' }), 'Any work mode');
    await waitFor(() => expect(listCalls(calls).at(-1)?.workMode).toBeUndefined());
    expect(listCalls(calls).at(-1)).toMatchObject({ type: 'Internship', company: 'acme' });
  });

  it('says when there are no openings at all', async () => {
    stubApi({ 'GET /api/student/jobs': page([]) });
    renderList('/?eligibleOnly=false');
    expect(await screen.findByText(vacancies.none)).toBeVisible();
  });

  it('says the filters match nothing', async () => {
    stubApi({ 'GET /api/student/jobs': page([]) });
    renderList();
    expect(await screen.findByText(vacancies.noMatch)).toBeVisible();
  });

  it("shows the server's error with a retry", async () => {
    let fail = true;
    stubApi({
      'GET /api/student/jobs': () =>
        fail
          ? { status: 503, body: { message: 'The service is briefly unavailable. Please try again.' } }
          : page([job({})]),
    });
    const { user } = renderList();
    expect(await screen.findByText('The service is briefly unavailable. Please try again.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'SDE' })).toBeVisible();
  });
});
