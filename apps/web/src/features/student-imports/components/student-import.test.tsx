import { studentImportsApi } from '@portal/contracts/api/student-imports';
import { urlOf } from '@portal/contracts/endpoint';
import { studentImports as messages } from '@portal/contracts/messages';
import type { ImportPreview } from '@portal/contracts/student-imports';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { stubXhr } from '../../../testing/fake-xhr.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs } from '../../../testing/staff-area.ts';

const preview = (changes: Partial<ImportPreview> = {}): ImportPreview => ({
  id: '0f6d3c1e-0000-4000-8000-000000000001',
  fileName: 'students.csv',
  expiresAt: '2026-11-24T15:00:00.000Z',
  totals: { rows: 3, create: 1, update: 1, unchanged: 0, errors: 1 },
  create: [{ row: 2, name: 'Neha Singh', email: 'neha@example.com', rollNumber: '21BCE6001' }],
  update: [
    {
      row: 3,
      student: { _id: 'a', name: 'Ravi Kumar', email: 'ravi@example.com' },
      changes: [{ field: 'CGPA', from: '7', to: '9.1' }],
    },
  ],
  errors: [{ row: 4, column: 'Email', message: 'Please enter a valid Email address.' }],
  unchanged: 0,
  ...changes,
});

/**
 * Chooses a file and asks for its preview; the upload goes through XMLHttpRequest (for progress),
 * which the fake answers with `reply`.
 */
async function upload(user: ReturnType<typeof renderApp>['user'], reply: ImportPreview) {
  const uploads = stubXhr();
  await user.upload(
    await screen.findByLabelText('CSV or XLSX file'),
    new File(['Email\n'], 'students.csv', { type: 'text/csv' }),
  );
  await user.click(screen.getByRole('button', { name: 'Preview import' }));
  await waitFor(() => expect(uploads).toHaveLength(1));
  expect(uploads[0]!.url).toBe(urlOf(studentImportsApi.preview));
  expect((uploads[0]!.body?.get('file') as File).name).toBe('students.csv');
  uploads[0]!.respond(200, { message: reply });
}

describe('the import page', () => {
  // The first render loads the staff area's lazy chunks, slow on a busy machine.
  it(
    'is in the staff menu, offers the template and shows the three sections of a preview',
    { timeout: 20_000 },
    async () => {
      stubApi(staffAreaStubs());
      const { user } = renderApp(paths.staff.importStudents);

      expect(await screen.findByRole('link', { name: 'Download the template (CSV)' })).toHaveAttribute(
        'href',
        '/api/college-staff/imports/template.csv',
      );
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const menu = screen.getByRole('navigation', { name: 'College Staff Dashboard menu' });
      expect(within(menu).getByRole('link', { name: 'Import Students' })).toHaveAttribute(
        'href',
        '/college-staff/import',
      );

      await upload(user, preview());
      expect(await screen.findByRole('heading', { name: 'Preview of students.csv' })).toBeVisible();
      expect(
        within(screen.getByRole('table', { name: 'To create (1)' })).getByText('neha@example.com'),
      ).toBeVisible();
      expect(within(screen.getByRole('table', { name: 'To update (1)' })).getByText(/CGPA:/)).toBeVisible();
      const errors = screen.getByRole('table', { name: 'Errors (1)' });
      expect(within(errors).getByText('Please enter a valid Email address.')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
      expect(screen.getByText(/Nothing can be imported while the file has errors/)).toBeVisible();
    },
  );

  it('confirms a preview without errors and says what was done', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'POST /api/college-staff/imports/0f6d3c1e-0000-4000-8000-000000000001/confirm': {
        body: { message: { created: 1, updated: 1, summary: messages.done(1, 1) } },
      },
    });
    const { user } = renderApp(paths.staff.importStudents);
    await upload(
      user,
      preview({ totals: { rows: 2, create: 1, update: 1, unchanged: 0, errors: 0 }, errors: [] }),
    );

    await user.click(await screen.findByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.done(1, 1));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/confirm'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Confirm import' })).not.toBeInTheDocument();
  });

  it('shows why a confirmation was refused', async () => {
    stubApi({
      ...staffAreaStubs(),
      'POST /api/college-staff/imports/0f6d3c1e-0000-4000-8000-000000000001/confirm': {
        status: 409,
        body: { message: messages.changedMeanwhile },
      },
    });
    const { user } = renderApp(paths.staff.importStudents);
    await upload(
      user,
      preview({ totals: { rows: 1, create: 1, update: 0, unchanged: 0, errors: 0 }, update: [], errors: [] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.changedMeanwhile);
  });
});
