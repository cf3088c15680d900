import { erasure } from '@portal/contracts/messages';
import type { RetentionPreview } from '@portal/contracts/own-data';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailHref, paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs, studentDetails } from '../../../testing/staff-area.ts';
import { studentAreaStubs } from '../../../testing/student-area.ts';

const record = studentDetails();
const detailsUrl = detailHref(paths.staff.studentDetails, record._id);
const erasurePath = `/api/college-staff/students/${record._id}/erasure`;
const recordStubs = () => ({
  ...staffAreaStubs(),
  [`GET /api/college-staff/getStudentDetails/${record._id}`]: { body: { message: record } },
});

describe('a student’s own data', () => {
  it('offers the student a download link to the ZIP, saying what it holds', async () => {
    stubApi(studentAreaStubs());
    renderApp(paths.student.profile);

    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/student/myData');
    expect(link).toHaveAttribute('download');
    expect(screen.getByText(/every application and each stage it reached/)).toBeVisible();
  });

  it('lets staff erase a graduate after typing the name and a reason', async () => {
    const { calls } = stubApi({
      ...recordStubs(),
      [`GET ${erasurePath}`]: {
        body: { message: { allowed: true, reason: null, confirmWith: 'Asha Verma' } },
      },
      [`POST /api/college-staff/students/${record._id}/erase`]: { body: { message: erasure.erased } },
    });
    const { user } = renderApp(detailsUrl);

    await user.click(await screen.findByRole('button', { name: 'Close account and erase personal data' }));
    const dialog = screen.getByRole('dialog', { name: 'Close this account and erase personal data?' });
    await user.type(within(dialog).getByLabelText('Type “Asha Verma” to confirm'), 'Someone');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(within(dialog).getByText(erasure.confirmation)).toBeVisible();
    expect(within(dialog).getByText(erasure.reason)).toBeVisible();
    expect(calls.some((c) => c.path.endsWith('/erase'))).toBe(false);

    await user.clear(within(dialog).getByLabelText('Type “Asha Verma” to confirm'));
    await user.type(within(dialog).getByLabelText('Type “Asha Verma” to confirm'), 'asha verma');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Graduated in 2020');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));

    expect(await screen.findByText(erasure.erased)).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/erase'))?.body).toEqual({
      confirmation: 'asha verma',
      reason: 'Graduated in 2020',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why erasure is not possible instead of offering it', async () => {
    stubApi({
      ...recordStubs(),
      [`GET ${erasurePath}`]: {
        body: { message: { allowed: false, reason: erasure.notGraduated(2026), confirmWith: 'Asha Verma' } },
      },
    });
    renderApp(detailsUrl);

    expect(await screen.findByText(erasure.notGraduated(2026))).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Close account and erase personal data' }),
    ).not.toBeInTheDocument();
  });

  it('saves the retention setting, previews who is due and applies it after confirmation', async () => {
    const preview: RetentionPreview = {
      retentionMonths: 12,
      dueYear: 2024,
      count: 1,
      students: [{ _id: 's1', name: 'Ravi Kumar', rollNumber: '19BCE0007', yearOfPassing: 2023 }],
    };
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/retention': { body: { message: { retentionMonths: null } } },
      'PUT /api/college-staff/retention': { body: { message: { retentionMonths: 12 } } },
      'POST /api/college-staff/retention/preview': { body: { message: preview } },
      'POST /api/college-staff/retention/apply': {
        body: { message: { erased: 1, message: erasure.applied(1) } },
      },
    });
    const { user } = renderApp(paths.staff.placementPolicy);

    await user.type(await screen.findByLabelText('Months after the year of passing'), '12');
    await user.click(
      within(screen.getByRole('form', { name: 'Retention setting' })).getByRole('button', {
        name: 'Save retention',
      }),
    );
    expect(await screen.findByText(erasure.retentionSaved)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/retention'))?.body).toEqual({
      retentionMonths: 12,
    });

    await user.click(screen.getByRole('button', { name: 'Preview who would be erased' }));
    const list = await screen.findByRole('list', { name: 'Students who would be erased' });
    expect(within(list).getByText('Ravi Kumar, roll 19BCE0007, passed 2023')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Erase 1 now' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in each audit log)'), 'Retention policy');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await screen.findByText(erasure.applied(1))).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/apply'))?.body).toEqual({ reason: 'Retention policy' });
  });
});
