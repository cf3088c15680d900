import { companiesApi } from '@portal/contracts/api/companies';
import { jobsApi } from '@portal/contracts/api/jobs';
import { studentRecordsApi } from '@portal/contracts/api/student-records';
import { urlOf } from '@portal/contracts/endpoint';
import {
  approval,
  companyFallbacks,
  jobs as jobMessages,
  companyNames,
  invalid,
  pipeline,
  resumeBook,
} from '@portal/contracts/messages';
import type { ApplicantDetails, ApplicantRow } from '@portal/contracts/pipeline';
import type { OwnJob } from '@portal/contracts/jobs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boardHref, detailHref, paths } from '../../../config/paths.ts';
import type { RoomBoard } from '@portal/contracts/drive-days';
import { board as boardMessages } from '@portal/contracts/messages';
import { type StubReply, statusReply, stubApi } from '../../../testing/api-stub.ts';
import { companyRecord } from '../../../testing/records.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { companyHome } from '../../../testing/homes.ts';
import { studentCard, studentPage } from '../../../testing/staff-area.ts';

const companyStubs = (): Record<string, StubReply> => ({
  'GET /api/': statusReply('company'),
  'GET /api/company/getCompanyData': { body: { message: companyRecord } },
  'GET /api/notifications': { body: { message: { items: [], total: 0, unread: 0 } } },
  'GET /api/company/jobs': { body: { message: [] } },
  'GET /api/company/home': { body: { message: companyHome() } },
  'GET /api/company/colleges': {
    body: { message: [{ id: 1, slug: 'main', name: 'Main College', status: 'Allowed', statusReason: '' }] },
  },
});

const row = (id: string, name: string): ApplicantRow => ({
  _id: id,
  jobId: 'b7c8f3de-0000-4000-8000-000000000900',
  role: 'Data Analyst',
  studentId: `${id}-s`,
  name,
  withheld: false,
  degrees: ['B.Tech'],
  cgpa: 8,
  appliedAt: '2026-11-20T10:00:00.000Z',
  stage: 'Form Submitted',
  placed: null,
});

const ownJob = (): OwnJob => ({
  _id: 'b7c8f3de-0000-4000-8000-000000000900',
  role: 'Data Analyst',
  description: 'Dashboards',
  qualifications: ['B.Tech in CSE', 'Good at SQL'],
  startDate: '2026-12-01',
  applicationDeadline: '2026-12-20',
  status: 'Open',
  eligibility: { minCgpa: 7.5, degrees: [], programmes: [], years: [2026] },
  type: 'Full-time',
  package: null,
  location: '',
  workMode: 'On-site',
  applicants: 2,
  byStage: [{ stage: 'Form Submitted', count: 2 }],
  colleges: [1],
});

const applicant = (stage: ApplicantDetails['stage']): ApplicantDetails => ({
  ...row('b7c8f3de-0000-4000-8000-000000000901', 'Asha Rao'),
  stage,
  schedule: null,
  packageOffered: null,
  eligibilitySnapshot: null,
  offer: null,
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
});

describe('company applicants', () => {
  it("links to the job's resume book for the stage shown, or for the ticked applicants", async () => {
    const job = ownJob();
    stubApi({
      ...companyStubs(),
      'GET /api/company/jobs': { body: { message: [job] } },
      'GET /api/company/applicants': {
        body: {
          message: {
            items: [
              row('b7c8f3de-0000-4000-8000-000000000001', 'Asha Rao'),
              row('b7c8f3de-0000-4000-8000-000000000002', 'Bala Iyer'),
            ],
            total: 2,
          },
        },
      },
    });
    const { user } = renderApp(`${paths.company.applicants}?jobId=${job._id}&stage=Shortlisted`);
    const all = await screen.findByRole('link', { name: resumeBook.download });
    expect(all).toHaveAttribute('href', `/api/company/jobs/${job._id}/resumeBook?stage=Shortlisted`);
    expect(all).toHaveAttribute('download');
    await user.click(screen.getByRole('checkbox', { name: 'Select Bala Iyer' }));
    expect(screen.getByRole('link', { name: resumeBook.downloadTicked(1) })).toHaveAttribute(
      'href',
      `/api/company/jobs/${job._id}/resumeBook?applicationIds=b7c8f3de-0000-4000-8000-000000000002`,
    );
  });

  it('offers no resume book until a job is chosen', async () => {
    stubApi({
      ...companyStubs(),
      'GET /api/company/applicants': {
        body: { message: { items: [row('b7c8f3de-0000-4000-8000-000000000001', 'Asha Rao')], total: 1 } },
      },
    });
    renderApp(paths.company.applicants);
    expect(await screen.findByRole('checkbox', { name: 'Select Asha Rao' })).toBeVisible();
    expect(screen.queryByRole('link', { name: resumeBook.download })).not.toBeInTheDocument();
  });

  it('shortlists the checked applicants in one call and toasts the count', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/applicants': {
        body: {
          message: {
            items: [
              row('b7c8f3de-0000-4000-8000-000000000001', 'Asha Rao'),
              row('b7c8f3de-0000-4000-8000-000000000002', 'Bala Iyer'),
            ],
            total: 2,
          },
        },
      },
      'POST /api/company/applications/bulk': {
        body: { message: { summary: pipeline.bulkMoveSummary(1, 'Shortlisted', 0), done: 1, rows: [] } },
      },
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

  it('asks before rejecting, forgets ticks hidden by a filter, and keeps the filter in the URL', async () => {
    const job = ownJob();
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/jobs': { body: { message: [job] } },
      'GET /api/company/applicants': {
        body: {
          message: {
            items: [
              row('b7c8f3de-0000-4000-8000-000000000001', 'Asha Rao'),
              row('b7c8f3de-0000-4000-8000-000000000002', 'Bala Iyer'),
            ],
            total: 2,
          },
        },
      },
      'POST /api/company/applications/bulk': {
        body: { message: { summary: pipeline.bulkMoveSummary(1, 'Rejected', 0), done: 1, rows: [] } },
      },
    });
    const { user, router } = renderApp(paths.company.applicants);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Asha Rao' }));
    expect(screen.getByText('1 selected')).toBeVisible();

    await user.selectOptions(await screen.findByLabelText('Job'), 'Data Analyst');
    expect(router.state.location.search).toBe(`?jobId=${job._id}`);
    await waitFor(() => expect(calls.at(-1)?.search).toBe(`?jobId=${job._id}&page=1&pageSize=20`));
    await waitFor(() => expect(screen.queryByText('1 selected')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('checkbox', { name: 'Select Bala Iyer' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    expect(screen.getByText('Reject 1 applicant?')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText('1 applicant moved to Rejected.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      applicationIds: ['b7c8f3de-0000-4000-8000-000000000002'],
      stage: 'Rejected',
    });
  });

  it("links the applicant page to the previous and next applicant of the table's filter and order", async () => {
    const a = applicant('Shortlisted');
    const previous = 'b7c8f3de-0000-4000-8000-000000000900';
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
      [`GET /api/company/applicants/${a._id}/neighbours`]: {
        body: { message: { previous, next: null, position: 3, total: 3 } },
      },
    });
    const list = 'stage=Shortlisted&sort=name&order=asc';
    renderApp(`${detailHref(paths.company.applicantDetails, a._id)}?${list}`);
    expect(await screen.findByText('Applicant 3 of 3')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Previous applicant' })).toHaveAttribute(
      'href',
      `${detailHref(paths.company.applicantDetails, previous)}?${list}`,
    );
    expect(screen.queryByRole('link', { name: 'Next applicant' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to applicants' })).toHaveAttribute(
      'href',
      `${paths.company.applicants}?${list}`,
    );
    expect(calls.find((c) => c.path.endsWith('/neighbours'))?.search).toBe(
      '?stage=Shortlisted&sort=name&order=asc',
    );
  });

  it('schedules an interview with the time read in the deployment zone (IST) sent as an ISO instant, and needs both when and where', async () => {
    const a = applicant('Shortlisted');
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
      [`POST /api/company/applications/${a._id}/stage`]: {
        body: { message: pipeline.moved('Technical Interview') },
      },
    });
    const { user } = renderApp(detailHref(paths.company.applicantDetails, a._id));
    await user.selectOptions(await screen.findByLabelText('Move to'), 'Technical Interview');
    await user.type(screen.getByLabelText('Date and time'), '2099-03-10T10:30');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(pipeline.schedulePlace)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Mode or place'), 'Room 204');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Moved to Technical Interview.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      stage: 'Technical Interview',
      schedule: { at: '2099-03-10T05:00:00.000Z', place: 'Room 204' },
    });
  });

  it('reschedules at a scheduled stage by sending the same stage with the new schedule', async () => {
    const a: ApplicantDetails = {
      ...applicant('HR Interview'),
      schedule: { at: '2099-03-10T05:00:00.000Z', place: 'Room 204' },
    };
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
      [`POST /api/company/applications/${a._id}/stage`]: { body: { message: pipeline.rescheduled } },
    });
    const { user } = renderApp(detailHref(paths.company.applicantDetails, a._id));
    const form = await screen.findByRole('form', { name: 'Reschedule' });
    expect(within(form).getByLabelText('Reschedule to')).toHaveValue('2099-03-10T10:30');
    const place = within(form).getByLabelText('New venue or mode');
    expect(place).toHaveValue('Room 204');
    await user.clear(place);
    await user.type(place, 'Online');
    await user.click(within(form).getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(pipeline.rescheduled)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      stage: 'HR Interview',
      schedule: { at: '2099-03-10T05:00:00.000Z', place: 'Online' },
    });
  });

  it('needs both when and where to reschedule, with the messages the server would give', async () => {
    const a = applicant('Online Assessment');
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
    });
    const { user } = renderApp(detailHref(paths.company.applicantDetails, a._id));
    const form = await screen.findByRole('form', { name: 'Reschedule' });
    await user.click(within(form).getByRole('button', { name: 'Reschedule' }));
    expect(await within(form).findByText(pipeline.scheduleAt)).toBeVisible();
    expect(within(form).getByText(pipeline.schedulePlace)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the applicant's record with numbered internships and no move after an offer", async () => {
    const a = applicant('Offer Letter');
    a.packageOffered = 16;
    a.student!.pastInternshipsProjects.internships = [
      { _id: 'i1', company: 'Initech', role: 'Intern', duration: '3 months', description: 'Reports' },
    ];
    stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
    });
    renderApp(detailHref(paths.company.applicantDetails, a._id));
    expect(await screen.findByRole('heading', { name: 'Asha Rao' })).toBeVisible();
    expect(screen.getByText('16 LPA')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Internships' })).getByText('Intern')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Stage history' })).getByText('by Asha Rao', { exact: false }),
    ).toBeVisible();
    expect(screen.queryByLabelText('Move to')).not.toBeInTheDocument();
  });

  it("says a suspended or debarred applicant's record is withheld, in the list and on their page", async () => {
    const a = { ...applicant('Shortlisted'), withheld: true, student: null };
    stubApi({
      ...companyStubs(),
      'GET /api/company/applicants': {
        body: {
          message: {
            items: [{ ...row(a._id, 'Asha Rao'), withheld: true, degrees: [], cgpa: null }],
            total: 1,
          },
        },
      },
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
    });
    renderApp(paths.company.applicants);
    const line = (await screen.findByText('Asha Rao')).closest('tr')!;
    expect(within(line).getByText(pipeline.withheldBadge)).toBeVisible();
    renderApp(detailHref(paths.company.applicantDetails, a._id));
    expect(await screen.findByText(pipeline.withheld)).toBeVisible();
    expect(screen.queryByText('asha@example.com')).not.toBeInTheDocument();
  });

  it('shows the academic facts the application was decided on, and nothing for an older application', async () => {
    const a = applicant('Shortlisted');
    a.eligibilitySnapshot = { cgpa: 8.2, degrees: ['B.Tech'], yearOfPassing: 2026, verified: true };
    const older = { ...applicant('Shortlisted'), _id: 'b7c8f3de-0000-4000-8000-000000000902' };
    older.student!.educationalDetails.cgpa = 7.1;
    stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
      [`GET /api/company/applicantDetails/${older._id}`]: { body: { message: older } },
    });
    const { router } = renderApp(detailHref(paths.company.applicantDetails, a._id));

    const label = await screen.findByText('At application');
    expect(label.nextSibling).toHaveTextContent('CGPA 8.2 (verified) · B.Tech · 2026');

    await router.navigate(detailHref(paths.company.applicantDetails, older._id));
    expect(await screen.findByText('7.1')).toBeVisible();
    expect(screen.queryByText('At application')).not.toBeInTheDocument();
  });

  it('says when the facts were not verified at the time', async () => {
    const a = applicant('Form Submitted');
    a.eligibilitySnapshot = { cgpa: null, degrees: ['MCA'], yearOfPassing: null, verified: false };
    stubApi({
      ...companyStubs(),
      [`GET /api/company/applicantDetails/${a._id}`]: { body: { message: a } },
    });
    renderApp(detailHref(paths.company.applicantDetails, a._id));
    expect((await screen.findByText('At application')).nextSibling).toHaveTextContent(
      'CGPA not given (not verified) · MCA',
    );
  });
});

describe('company jobs', () => {
  it('edits a job in place from its prefilled form, keeping its type and package, and closes another', async () => {
    const job: OwnJob = { ...ownJob(), type: 'Internship', package: 4.5 };
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/jobs': { body: { message: [job] } },
      [`PUT /api/company/jobs/${job._id}`]: { body: { message: { ...job, role: 'Senior Analyst' } } },
      [`PUT /api/company/jobs/${job._id}/status`]: { body: { message: { ...job, status: 'Closed' } } },
    });
    const { user } = renderApp(paths.company.jobposts);
    const card = await screen.findByRole('article', { name: 'Data Analyst' });
    expect(within(card).getByText('2026-12-01 to 2026-12-20', { exact: false })).toBeVisible();
    expect(within(card).getByText('Good at SQL')).toBeVisible();
    expect(within(card).getByText('Internship')).toBeVisible();
    expect(within(card).getByText('4.5 LPA')).toBeVisible();
    expect(
      within(card).getByRole('link', { name: 'Export applicants of Data Analyst (CSV)' }),
    ).toHaveAttribute('href', `/api/company/jobs/${job._id}/applicants.csv`);

    await user.click(within(card).getByRole('button', { name: 'Close Data Analyst' }));
    expect(await screen.findByText('Data Analyst closed.')).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({ status: 'Closed' });

    await user.click(screen.getByRole('button', { name: 'Edit Data Analyst' }));
    const role = screen.getAllByLabelText('Job Role')[1];
    if (!role) throw new Error('no edit form');
    expect(role).toHaveValue('Data Analyst');
    await user.clear(role);
    await user.type(role, 'Senior Analyst');
    await user.click(screen.getByRole('button', { name: 'Save job' }));
    expect(await screen.findByText(pipeline.jobUpdated)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT' && c.path === `/api/company/jobs/${job._id}`)?.body).toEqual({
      role: 'Senior Analyst',
      description: 'Dashboards',
      qualifications: ['B.Tech in CSE', 'Good at SQL'],
      startDate: '2026-12-01',
      applicationDeadline: '2026-12-20',
      status: 'Open',
      minCgpa: 7.5,
      eligibleDegrees: [],
      eligibleYears: [2026],
      type: 'Internship',
      package: 4.5,
      location: '',
      workMode: 'On-site',
      // With one college to post to there is no choice: the edit leaves the job's colleges.
    });
  }, 20_000);

  it('changes the colleges of a posted job, keeping one that suspended the company, and refuses none', async () => {
    const job: OwnJob = { ...ownJob(), colleges: [1, 2, 4] };
    const colleges = [
      { id: 1, slug: 'main', name: 'Main College', status: 'Allowed', statusReason: '' },
      { id: 2, slug: 'north', name: 'North College', status: 'Allowed', statusReason: '' },
      { id: 3, slug: 'east', name: 'East College', status: 'Pending', statusReason: '' },
      { id: 4, slug: 'west', name: 'West College', status: 'Suspended', statusReason: 'Paused' },
    ];
    const updatePath = urlOf(jobsApi.update, { params: { id: job._id } });
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/colleges': { body: { message: colleges } },
      'GET /api/company/jobs': { body: { message: [job] } },
      [`PUT ${updatePath}`]: { body: { message: job } },
    });
    const { user } = renderApp(paths.company.jobposts);
    await user.click(await screen.findByRole('button', { name: 'Edit Data Analyst' }));
    const edit = screen.getByRole('heading', { name: 'Edit Data Analyst' }).closest('div')!;
    const choice = within(edit).getByRole('group', { name: 'Post to colleges' });
    const boxes = within(choice).getAllByRole<HTMLInputElement>('checkbox');
    // The colleges it may post to, ticked where the job is posted.
    expect(boxes.map((b) => [b.closest('label')?.textContent, b.checked])).toEqual([
      ['Main College', true],
      ['North College', true],
      ['East College (awaiting approval)', false],
    ]);

    await user.click(within(choice).getByLabelText('Main College'));
    await user.click(within(choice).getByLabelText('North College'));
    await user.click(within(edit).getByRole('button', { name: 'Save job' }));
    // None ticked: the form says so. West, which suspended the company, is not one to choose.
    expect(await within(edit).findByText(jobMessages.noCollege)).toBeVisible();

    await user.click(within(choice).getByLabelText('North College'));
    await user.click(within(choice).getByLabelText('East College (awaiting approval)'));
    await user.click(within(edit).getByRole('button', { name: 'Save job' }));
    expect(await screen.findByText(pipeline.jobUpdated)).toBeVisible();
    const sent = calls.filter((c) => c.method === 'PUT' && c.path === updatePath);
    expect(sent).toHaveLength(1);
    // West stays: the job lists there again once West allows the company.
    expect((sent[0]?.body as { colleges: number[] }).colleges).toEqual([2, 3, 4]);
  }, 20_000);

  it('posts a job to the colleges ticked, all that allow the company at first, and asks another college', async () => {
    const colleges = [
      { id: 1, slug: 'main', name: 'Main College', status: 'Allowed', statusReason: '' },
      { id: 2, slug: 'north', name: 'North College', status: 'Allowed', statusReason: '' },
      { id: 3, slug: 'east', name: 'East College', status: 'Pending', statusReason: '' },
      { id: 4, slug: 'west', name: 'West College', status: 'Rejected', statusReason: 'Not this year' },
    ];
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/colleges': { body: { message: colleges } },
      'POST /api/company/postJob': { status: 201, body: { message: ownJob() } },
    });
    const { user } = renderApp(paths.company.jobposts);
    const choice = await screen.findByRole('group', { name: 'Post to colleges' });
    const boxes = within(choice).getAllByRole('checkbox');
    // Only where it may post: not the college that refused it.
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Main College',
      'North College',
      'East College (awaiting approval)',
    ]);
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, false]);
    await user.click(within(choice).getByLabelText('North College'));
    await user.click(within(choice).getByLabelText('East College (awaiting approval)'));
    await user.type(screen.getByLabelText('Job Role'), 'Analyst');
    await user.type(screen.getByLabelText('Job Description'), 'Dashboards');
    await user.type(screen.getByLabelText('Qualifications'), 'SQL.');
    await user.type(screen.getByLabelText('Applications open'), '2026-12-01');
    await user.type(screen.getByLabelText('Application deadline'), '2026-12-20');
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    const postPath = urlOf(jobsApi.post);
    await waitFor(() => expect(calls.find((c) => c.path === postPath)).toBeDefined());
    const posted = calls.find((c) => c.path === postPath)?.body as {
      value: { colleges: number[] };
    };
    expect(posted.value.colleges).toEqual([1, 3]);
  }, 20_000);
});

describe('company colleges', () => {
  it('shows its standing at each college with the reason, and asks one it has not asked', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/colleges': {
        body: {
          message: [
            { id: 1, slug: 'main', name: 'Main College', status: 'Allowed', statusReason: '' },
            {
              id: 2,
              slug: 'north',
              name: 'North College',
              status: 'Rejected',
              statusReason: 'Not this year',
            },
            { id: 3, slug: 'east', name: 'East College', status: null, statusReason: '' },
          ],
        },
      },
      'POST /api/company/colleges/3': {
        body: {
          message:
            'Asked East College to let you recruit there. Its placement cell will decide; you will be told.',
        },
      },
    });
    const { user } = renderApp(paths.company.profile);
    const card = (await screen.findByRole('heading', { name: 'Colleges' })).closest('section')!;
    expect(within(card).getByText('Reason given by the placement cell: Not this year')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Ask to recruit at East College' }));
    expect(await screen.findByText(/Asked East College to let you recruit there/)).toBeVisible();
    const asked = urlOf(companiesApi.askCollege, { params: { collegeId: 3 } });
    expect(calls.some((c) => c.method === 'POST' && c.path === asked)).toBe(true);
  });
});

describe('company students', () => {
  const colleges = [
    { id: 1, slug: 'main', name: 'Main College', status: 'Allowed', statusReason: '' },
    { id: 2, slug: 'north', name: 'North College', status: 'Allowed', statusReason: '' },
    { id: 3, slug: 'east', name: 'East College', status: 'Pending', statusReason: '' },
  ];
  const listPath = urlOf(studentRecordsApi.companyList);
  // Each college answers with its own student, as the server does for `college`.
  const byCollege = (_body: unknown, query: URLSearchParams) => ({
    body: {
      message: studentPage([
        query.get('college') === '2'
          ? studentCard({ _id: 'b7c8f3de-0000-4000-8000-000000000202', name: 'Nila North' })
          : studentCard(),
      ]),
    },
  });

  it('chooses the college whose students it browses among those that allow it, the first at first', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/colleges': { body: { message: colleges } },
      [`GET ${listPath}`]: byCollege,
    });
    const { user, router } = renderApp(paths.company.students);
    const select = await screen.findByRole('combobox', { name: 'College' });
    // Only the colleges that allow the company: not the one still deciding.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Main College', 'North College']);
    expect(select).toHaveValue('1');
    expect(await screen.findByRole('link', { name: 'Details of Amar Tripathi' })).toBeVisible();
    const asked = () =>
      calls.filter((c) => c.path === listPath).map((c) => new URLSearchParams(c.search).get('college'));
    expect(asked()).toEqual(['1']);

    await user.selectOptions(select, 'North College');
    expect(await screen.findByRole('link', { name: 'Details of Nila North' })).toBeVisible();
    expect(asked()).toEqual(['1', '2']);
    // Kept in the address, so back from a student's page shows the same college.
    expect(router.state.location.search).toBe('?college=2');
  }, 20_000);

  it('shows no choice when one college allows it', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET ${listPath}`]: byCollege,
    });
    renderApp(paths.company.students);
    expect(await screen.findByRole('link', { name: 'Details of Amar Tripathi' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'College' })).not.toBeInTheDocument();
    expect(
      calls.filter((c) => c.path === listPath).map((c) => new URLSearchParams(c.search).get('college')),
    ).toEqual(['1']);
  });
});

describe('company student details', () => {
  it('falls back to "Failed to get student details" when the server sent no message', async () => {
    stubApi({
      ...companyStubs(),
      'GET /api/company/getStudentDetails/s1': { status: 500, body: {} },
    });
    renderApp(detailHref(paths.company.studentDetails, 's1'));
    expect(await screen.findByText(companyFallbacks.studentDetails)).toBeVisible();
  });
});

describe('company approval', () => {
  const pending = { ...companyRecord, role: 'Pending' as const };

  it('shows a pending company a banner on every page and the message instead of the students', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/getCompanyData': { body: { message: pending } },
    });
    const { user } = renderApp(paths.company.jobposts);

    const banner = (await screen.findByText(approval.awaitingDetail)).parentElement;
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent(approval.awaiting);
    expect(screen.getByRole('heading', { name: 'Job Posts' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('link', { name: 'Students' }));
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeVisible();
    expect(screen.getAllByText(approval.awaiting)).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).not.toContain('/api/company/students');
  });

  it("shows a pending company the message on a student's page without asking for it", async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/getCompanyData': { body: { message: pending } },
    });
    renderApp(detailHref(paths.company.studentDetails, 's1'));
    expect(await screen.findByRole('heading', { name: 'Student Details' })).toBeVisible();
    expect(screen.getAllByText(approval.awaiting)).toHaveLength(2);
    expect(calls.map((call) => call.path)).not.toContain('/api/company/getStudentDetails/s1');
  });

  it('shows no banner once the company is approved', async () => {
    stubApi({
      ...companyStubs(),
      'GET /api/company/students': {
        body: { message: { items: [], total: 0, totalCapped: false, page: 1, pageSize: 20 } },
      },
    });
    renderApp(paths.company.students);
    expect(await screen.findByText('No students match these filters.')).toBeVisible();
    expect(screen.queryByText(approval.awaiting)).not.toBeInTheDocument();
  });

  it('shows a rejected company only the reason and Sign Out', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/getCompanyData': {
        body: { message: { ...companyRecord, role: 'Rejected', statusReason: 'Not a registered business.' } },
      },
      'POST /api/company/signout': { body: { message: 'Signed Out successfully' } },
    });
    const { user, router } = renderApp(paths.company.profile);

    expect(await screen.findByRole('heading', { name: approval.rejected })).toBeVisible();
    expect(screen.getByText(approval.reasonLabel)).toBeVisible();
    expect(screen.getByText('Not a registered business.')).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).not.toContain('/api/notifications');

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed Out successfully')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signin.afterSignOut));
  });

  it('says so when a rejected company was given no reason', async () => {
    stubApi({
      ...companyStubs(),
      'GET /api/company/getCompanyData': { body: { message: { ...companyRecord, role: 'Rejected' } } },
    });
    renderApp(paths.company.root);
    expect(await screen.findByText(approval.noReason)).toBeVisible();
  });
});

describe('company applicant pages', () => {
  it('shows 20 applicants a page with the count, and asks for the next page', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/applicants': (_body, query) => {
        const page = Number(query.get('page'));
        const count = page === 1 ? 20 : 3;
        const items = Array.from({ length: count }, (_, i) => {
          const n = (page - 1) * 20 + i + 1;
          return row(`b7c8f3de-0000-4000-8000-${String(n).padStart(12, '0')}`, `Student ${n}`);
        });
        return { body: { message: { items, total: 23 } } };
      },
    });
    const { user } = renderApp(paths.company.applicants);

    expect(await screen.findByText(/Showing 1–20 of 23 applicants/)).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Pages of applicants' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Showing 21–23 of 23 applicants/)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select Student 21' })).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/company/applicants').at(-1)?.search).toBe(
      '?page=2&pageSize=20',
    );
  });
});

describe('company name', () => {
  it("shows the name asked for with a note that it awaits the placement cell's approval", async () => {
    const asked = { ...companyRecord, pendingName: 'Acme Global' };
    const { calls } = stubApi({
      ...companyStubs(),
      'GET /api/company/getCompanyData': { body: { message: asked } },
      'PUT /api/company/companyProfileUpdate': {
        body: { message: { ...asked, personalDetail: { ...asked.personalDetail, phone: '9000000001' } } },
      },
    });
    const { user } = renderApp(paths.company.profile);

    const name = await screen.findByLabelText('Company Name');
    expect(name).toHaveValue('Acme Global');
    expect(name).toHaveAccessibleDescription(
      `${companyNames.pendingNote} ${companyNames.pendingDetail('Acme Corp')}`,
    );

    // Saving another detail sends the name asked for again, which leaves the request as it is.
    const phone = screen.getByLabelText('Phone');
    await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
    await user.clear(phone);
    await user.type(phone, '9000000001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Details Updated Succesfully')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      company: 'Acme Global',
      phone: '9000000001',
    });
  });

  it('says a new name waits for approval once saved, and refuses one claiming to be the placement cell', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      'PUT /api/company/companyProfileUpdate': {
        body: { message: { ...companyRecord, pendingName: 'Acme Global' } },
      },
    });
    const { user } = renderApp(paths.company.profile);

    const name = await screen.findByLabelText('Company Name');
    expect(name).toHaveValue('Acme Corp');
    await user.click(screen.getByRole('button', { name: 'Edit Company Name' }));
    await user.clear(name);
    await user.type(name, 'Placement cell (Priya Nair)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(invalid.companyName)).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(name);
    await user.type(name, 'Acme Global');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(companyNames.pendingNote, { selector: '.Toastify *' })).toBeVisible();
    expect(await screen.findByLabelText('Company Name')).toHaveAccessibleDescription(
      `${companyNames.pendingNote} ${companyNames.pendingDetail('Acme Corp')}`,
    );
  });
});

describe('the company’s room board', () => {
  const dayId = 'b7c8f3de-0000-4000-8000-000000000a00';
  const stamp = { at: '2026-12-01T03:30:00.000Z', by: 'Vani Rao' };
  const roomBoard: RoomBoard = {
    day: { id: dayId, date: '2026-12-01' },
    entersResults: true,
    panels: [
      {
        panelId: 'p1',
        company: 'Globex',
        role: 'Analyst',
        stage: 'Technical Interview',
        place: 'Room 2',
        lateMinutes: 15,
        closedFrom: null,
        nextId: 'i2',
        entries: [
          {
            interviewId: 'i1',
            student: 'Asha Rao',
            slot: 0,
            expected: '2026-12-01T03:30:00.000Z',
            state: 'in-room',
            checkedIn: stamp,
            calledIn: stamp,
            checkedOut: null,
            result: null,
            noShow: null,
          },
          {
            interviewId: 'i2',
            student: 'Bala Iyer',
            slot: 1,
            expected: '2026-12-01T04:15:00.000Z',
            state: 'waiting',
            checkedIn: stamp,
            calledIn: null,
            checkedOut: null,
            result: null,
            noShow: null,
          },
        ],
      },
    ],
  };

  it('shows who is in the room, who is next and how late the panel runs, and checks out with a result', async () => {
    const { calls } = stubApi({
      ...companyStubs(),
      [`GET /api/company/driveDays/${dayId}/board`]: { body: { message: roomBoard } },
      [`POST /api/company/driveDays/${dayId}/interviews/i1/board`]: {
        body: { message: boardMessages.movedTo('Asha Rao', 'HR Interview') },
      },
    });
    const { user } = renderApp(boardHref(paths.company.driveDayBoard, dayId));
    const panel = await screen.findByRole('region', { name: 'Globex, Room 2' });
    expect(within(panel).getByText('Running 15 minutes late: the expected times include it.')).toBeVisible();
    expect(within(panel).getByText('In the room', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Asha Rao',
    );
    expect(within(panel).getByText('Next', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Bala Iyer',
    );
    expect(within(panel).getByRole('button', { name: 'Call in Bala Iyer' })).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Check out Asha Rao to the next stage' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        action: 'check-out',
        result: 'next-stage',
      }),
    );
    expect(await screen.findByText(boardMessages.movedTo('Asha Rao', 'HR Interview'))).toBeVisible();
  });
});
