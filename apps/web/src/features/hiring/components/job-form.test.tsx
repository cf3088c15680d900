import { programmesApi } from '@portal/contracts/api/programmes';
import { urlOf } from '@portal/contracts/endpoint';
import type { EligibilityDraft } from '@portal/contracts/jobs';
import { jobs as jobMessages } from '@portal/contracts/messages';
import { programmes as programmeMessages } from '@portal/contracts/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import type { JobValue } from '../api/save-job.ts';
import { JobForm } from './job-form.tsx';

const programme = (code: string, level: string, degree: string, branch: string) => ({
  _id: code,
  code,
  level,
  degree,
  branch,
  name: branch ? `${degree} ${branch}` : degree,
  durationYears: 4,
  retired: false,
  students: 0,
});
/** A small catalogue: two B.Tech branches, a postgraduate degree without branches, a retired one. */
const catalogue = [
  programme('BTECH-CSE', 'Undergraduate', 'B.Tech', 'Computer Science and Engineering'),
  programme('BTECH-ECE', 'Undergraduate', 'B.Tech', 'Electronics and Communication Engineering'),
  programme('MBA', 'Postgraduate', 'MBA', ''),
  { ...programme('BTECH-OLD', 'Undergraduate', 'B.Tech', 'Old Branch'), retired: true },
];

/** The form on a page of its own; the live count answers by the criteria sent. */
const setup = (
  count: (body: Record<string, unknown>) => { status?: number; body: unknown } = () => ({
    body: { message: { count: 42 } },
  }),
) => {
  const { calls } = stubApi({
    [`POST ${urlOf(programmesApi.eligibleCount)}`]: (body) => count(body as Record<string, unknown>),
    [`GET ${urlOf(programmesApi.list)}`]: { body: { message: catalogue } },
  });
  const onSubmit = vi.fn((_value: JobValue) => Promise.resolve(true));
  const { user } = renderRoutes(
    [{ path: '/', element: <JobForm submitLabel="Post Job" pending={false} onSubmit={onSubmit} /> }],
    '/',
  );
  return { onSubmit, user, calls };
};

// Typing a whole job on a shared, slow machine takes seconds; the default 5 s is too tight.
describe('JobForm', { timeout: 20_000 }, () => {
  it('splits the typed qualifications on full stops and sends eligibility as lists', async () => {
    const { onSubmit, user } = setup();
    await screen.findByText('42 students eligible');
    expect(screen.getByLabelText('Qualifications')).toHaveAttribute(
      'placeholder',
      expect.stringContaining('full stop'),
    );
    await user.type(screen.getByLabelText('Job Role'), 'Data Analyst');
    await user.type(screen.getByLabelText('Job Description'), 'Dashboards');
    await user.type(screen.getByLabelText('Qualifications'), 'B.Tech in CSE. Good at SQL.');
    await user.type(screen.getByLabelText('Applications open'), '2026-12-01');
    await user.type(screen.getByLabelText('Application deadline'), '2026-12-20');
    await user.type(screen.getByLabelText('Minimum CGPA'), '7.5');
    await user.type(screen.getByLabelText('Allowed degrees'), 'B.Tech CSE, MCA');
    await user.type(screen.getByLabelText('Years of passing'), '2026, 2027');
    await user.type(screen.getByLabelText(/^Location/), 'Pune');
    await user.selectOptions(screen.getByLabelText('Work mode'), 'Hybrid');
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(onSubmit).toHaveBeenCalledWith({
      role: 'Data Analyst',
      description: 'Dashboards',
      qualifications: ['B.Tech in CSE', 'Good at SQL'],
      startDate: '2026-12-01',
      applicationDeadline: '2026-12-20',
      status: 'Open',
      minCgpa: 7.5,
      eligibleDegrees: ['B.Tech CSE', 'MCA'],
      eligibleYears: [2026, 2027],
      type: 'Full-time',
      package: null,
      location: 'Pune',
      workMode: 'Hybrid',
      colleges: [],
    });
  });

  it('sends the type and the package, and refuses a package out of range', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Job Role'), 'Intern');
    await user.type(screen.getByLabelText('Job Description'), 'Summer');
    await user.type(screen.getByLabelText('Qualifications'), 'Curious.');
    await user.type(screen.getByLabelText('Applications open'), '2026-12-01');
    await user.type(screen.getByLabelText('Application deadline'), '2026-12-20');
    await user.selectOptions(screen.getByLabelText('Type'), 'Internship');
    await user.type(screen.getByLabelText('Package (LPA)'), '-3');
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText(jobMessages.package)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Package (LPA)'));
    await user.type(screen.getByLabelText('Package (LPA)'), '4.5');
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ type: 'Internship', package: 4.5 }));
  });

  it("shows the spec's messages and refuses a deadline before the start", async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText(jobMessages.role)).toBeVisible();
    expect(screen.getByText(jobMessages.description)).toBeVisible();
    expect(screen.getByText(jobMessages.qualifications)).toBeVisible();
    expect(screen.getByText(jobMessages.startDate)).toBeVisible();

    await user.type(screen.getByLabelText('Job Role'), 'R');
    await user.type(screen.getByLabelText('Job Description'), 'D');
    await user.type(screen.getByLabelText('Qualifications'), 'Q.');
    await user.type(screen.getByLabelText('Applications open'), '2026-12-20');
    await user.type(screen.getByLabelText('Application deadline'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText(jobMessages.deadlineBeforeStart)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says what a year of passing must be when one is not a number', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Job Role'), 'R');
    await user.type(screen.getByLabelText('Job Description'), 'D');
    await user.type(screen.getByLabelText('Qualifications'), 'Q.');
    await user.type(screen.getByLabelText('Applications open'), '2026-12-01');
    await user.type(screen.getByLabelText('Application deadline'), '2026-12-20');
    await user.type(screen.getByLabelText('Years of passing'), '2026, twenty');
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText(jobMessages.year)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows how many students the criteria reach as they are typed, one count per pause', async () => {
    const { user, calls } = setup((body) => {
      const degrees = body.eligibleDegrees as string[];
      if (degrees.includes('B.Arch'))
        return { status: 400, body: { message: programmeMessages.unknownTarget('B.Arch') } };
      return { body: { message: { count: degrees.includes('BTECH-CSE') ? 1 : 120 } } };
    });
    expect(await screen.findByText('120 students eligible')).toBeVisible();
    const before = calls.length;
    await user.type(screen.getByLabelText('Allowed degrees'), 'BTECH-CSE');
    expect(await screen.findByText('1 student eligible')).toBeVisible();
    // Typed in one go: counted once, for the whole text.
    const counted = calls.slice(before).map((c) => (c.body as { eligibleDegrees: string[] }).eligibleDegrees);
    expect(counted).toEqual([['BTECH-CSE']]);

    await user.clear(screen.getByLabelText('Allowed degrees'));
    await user.type(screen.getByLabelText('Allowed degrees'), 'B.Arch');
    expect(await screen.findByText(programmeMessages.unknownTarget('B.Arch'))).toBeVisible();
  });

  it('counts the students of the colleges ticked, counting again when the choice changes', async () => {
    const { calls } = stubApi({
      [`POST ${urlOf(programmesApi.eligibleCount)}`]: (body) => ({
        body: { message: { count: ((body as EligibilityDraft).colleges?.length || 9) * 10 } },
      }),
      [`GET ${urlOf(programmesApi.list)}`]: { body: { message: catalogue } },
    });
    const colleges = [
      { id: 1, name: 'Main College', allowed: true },
      { id: 4, name: 'North College', allowed: true },
    ];
    const { user } = renderRoutes(
      [
        {
          path: '/',
          element: <JobForm submitLabel="Post Job" pending={false} onSubmit={vi.fn()} colleges={colleges} />,
        },
      ],
      '/',
    );
    // Both ticked at first (the colleges that allow the company).
    expect(await screen.findByText('20 students eligible')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'North College' }));
    expect(await screen.findByText('10 students eligible')).toBeVisible();
    const sent = calls
      .filter((c) => c.path === urlOf(programmesApi.eligibleCount))
      .map((c) => (c.body as EligibilityDraft).colleges);
    expect(sent).toEqual([[1, 4], [1]]);
  });

  it("picks the job's programmes from the catalogue into the typed criteria, and takes them out again", async () => {
    const { user } = setup();
    const degrees = screen.getByLabelText('Allowed degrees');
    await user.click(await screen.findByText("Choose from the college's programmes"));
    expect(screen.queryByLabelText(/Old Branch/)).toBeNull();

    await user.click(
      screen.getByLabelText('Electronics and Communication Engineering (BTECH-ECE)', { exact: false }),
    );
    await user.click(screen.getByLabelText('Any Postgraduate'));
    expect(degrees).toHaveValue('BTECH-ECE, Postgraduate');

    // A whole degree covers its branches: they show ticked and cannot be picked one by one.
    await user.click(screen.getByLabelText('All B.Tech branches'));
    const cse = screen.getByLabelText('B.Tech Computer Science and Engineering (BTECH-CSE)');
    expect(cse).toBeChecked();
    expect(cse).toBeDisabled();
    expect(degrees).toHaveValue('BTECH-ECE, Postgraduate, B.Tech');

    // Typed in another case, a criterion is still the ticked one.
    await user.clear(degrees);
    await user.type(degrees, 'mba');
    expect(screen.getByLabelText('MBA')).toBeChecked();
    await user.click(screen.getByLabelText('MBA'));
    expect(degrees).toHaveValue('');
  });
});
