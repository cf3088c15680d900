import type { Internship } from '@portal/contracts/students';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { studentAreaStubs, studentWith } from '../../../testing/student-area.ts';

const acme: Internship = {
  _id: 'c1a1e0d2-0000-4000-8000-000000000011',
  company: 'Acme Corp',
  role: 'Software Intern',
  duration: '2 months',
  description: 'Built the billing dashboard.',
};
const globex: Internship = {
  _id: 'c1a1e0d2-0000-4000-8000-000000000012',
  company: 'Globex',
  role: 'Data Intern',
  duration: '6 weeks',
  description: 'Cleaned sales data.',
};

const withInternships = (internships: Internship[]) =>
  studentWith({ pastInternshipsProjects: { internships, projects: [] } });

describe('previous internships', () => {
  it('says how to add one when there are none', async () => {
    stubApi(studentAreaStubs());
    renderApp(paths.student.previousInternships);

    expect(
      await screen.findByText("You don't have any internship. Please fill up above form to add one."),
    ).toBeVisible();
  });

  it("shows the spec's messages for an empty form and adds an internship", async () => {
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'PUT /api/student/updateProfileDetail': { body: { message: withInternships([acme]) } },
    });
    const { user } = renderApp(paths.student.previousInternships);

    await user.click(await screen.findByRole('button', { name: 'Add Internship' }));
    expect(await screen.findByText('Please enter the company name.')).toBeVisible();
    expect(screen.getByText('Please enter your role in the company.')).toBeVisible();
    expect(screen.getByText('Please enter the total Internship duration.')).toBeVisible();
    expect(screen.getByText('Please enter your internship experience.')).toBeVisible();

    await user.type(screen.getByLabelText('Company'), 'Acme Corp');
    await user.type(screen.getByLabelText('Role'), 'Software Intern');
    await user.type(screen.getByLabelText('Duration'), '2 months');
    await user.type(screen.getByLabelText('Description'), 'Built the billing dashboard.');
    await user.click(screen.getByRole('button', { name: 'Add Internship' }));

    expect(await screen.findByText('Details Updated Succesfully')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      typ: 'internships',
      value: {
        company: 'Acme Corp',
        role: 'Software Intern',
        duration: '2 months',
        description: 'Built the billing dashboard.',
      },
    });
    expect(screen.getByRole('heading', { name: 'Software Intern' })).toBeVisible();
    expect(screen.getByLabelText('Company')).toHaveValue('');
  });

  it('numbers the internships from 1 and deletes one after confirming', async () => {
    const { calls } = stubApi({
      ...studentAreaStubs(withInternships([acme, globex])),
      [`DELETE /api/student/internships/${acme._id}`]: { body: { message: withInternships([globex]) } },
    });
    const { user } = renderApp(paths.student.previousInternships);

    const list = await screen.findByRole('list', { name: 'Your internships' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^1\.Software InternAcme Corp · 2 months/),
      expect.stringMatching(/^2\.Data InternGlobex · 6 weeks/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete internship 1' }));
    expect(screen.getByText('Delete this internship?')).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));

    expect(await screen.findByText('Details Updated Succesfully')).toBeVisible();
    expect(screen.queryByText('Software Intern')).not.toBeInTheDocument();
    expect(screen.getByText('1.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Data Intern' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/student/internships/${acme._id}`,
    ]);
  });

  it('edits an internship in place, prefilled, and can cancel', async () => {
    const edited = { ...globex, duration: '8 weeks' };
    const { calls } = stubApi({
      ...studentAreaStubs(withInternships([acme, globex])),
      [`PUT /api/student/internships/${globex._id}`]: { body: { message: withInternships([acme, edited]) } },
    });
    const { user } = renderApp(paths.student.previousInternships);

    await user.click(await screen.findByRole('button', { name: 'Edit internship 2' }));
    const durations = screen.getAllByLabelText('Duration');
    expect(durations[1]).toHaveValue('6 weeks');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByLabelText('Duration')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Edit internship 2' }));
    const duration = screen.getAllByLabelText('Duration')[1]!;
    await user.clear(duration);
    await user.type(duration, '8 weeks');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Data Intern')).toBeVisible();
    expect(screen.getByText('Globex · 8 weeks')).toBeVisible();
    expect(calls.find((call) => call.path.endsWith(globex._id))?.body).toEqual({
      company: 'Globex',
      role: 'Data Intern',
      duration: '8 weeks',
      description: 'Cleaned sales data.',
    });
  });
});
