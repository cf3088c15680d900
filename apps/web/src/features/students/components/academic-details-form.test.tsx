import { toasts, verification } from '@portal/contracts/messages';
import type { StudentRecord } from '@portal/contracts/students';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { studentRecord } from '../../../testing/records.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { studentAreaStubs, studentWith } from '../../../testing/student-area.ts';

const verifiedRecord = studentWith({
  educationalDetails: {
    ...studentRecord.educationalDetails,
    verified: true,
    verification: { by: 'Meera Iyer', at: '2026-03-02T10:00:00.000Z' },
  },
});

async function changeCgpa(user: ReturnType<typeof renderApp>['user'], value: string) {
  const cgpa = await screen.findByLabelText('CGPA');
  await user.click(screen.getByRole('button', { name: 'Edit CGPA' }));
  await user.clear(cgpa);
  await user.type(cgpa, value);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('academic details form', () => {
  it('shows who verified the details and when', async () => {
    stubApi(studentAreaStubs(verifiedRecord));
    renderApp(paths.student.academicDetails);

    expect(await screen.findByText(verification.badge('Meera Iyer', '2026-03-02'))).toBeVisible();
    expect(screen.getByText(/a change goes to them for approval/)).toBeVisible();
    expect(screen.queryByText(verification.pendingNote)).not.toBeInTheDocument();
  });

  it('toasts that a change to verified details was sent for approval and shows it waiting', async () => {
    let record: StudentRecord = verifiedRecord;
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'GET /api/student/getUserData': () => ({ body: { message: record } }),
      'PUT /api/student/updateProfileDetail': () => {
        // The record keeps its verified values; the change waits beside it.
        record = studentWith({
          ...verifiedRecord,
          pendingAcademicChange: {
            _id: 'r1',
            requestedAt: '2026-03-05T09:00:00.000Z',
            newValues: { ...studentRecord.educationalDetails, cgpa: 9.1 },
          },
        });
        return { body: { message: verification.sentForApproval } };
      },
    });
    const { user } = renderApp(paths.student.academicDetails);

    await changeCgpa(user, '9.1');

    expect(await screen.findByText(verification.sentForApproval)).toBeVisible();
    const note = await screen.findByText(verification.pendingNote);
    expect(within(note.parentElement!).getByRole('list', { name: 'Waiting changes' })).toHaveTextContent(
      'CGPA: 8.2 → changed to 9.1',
    );
    // The form shows the verified values again, locked.
    expect(screen.getByLabelText('CGPA')).toHaveValue(8.2);
    expect(screen.getByLabelText('CGPA')).toHaveAttribute('readonly');
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      typ: 'educationalDetails',
      value: { cgpa: 9.1 },
    });
    expect(screen.queryByText(toasts.detailsUpdated)).not.toBeInTheDocument();
  });

  it('saves unverified details at once, as before', async () => {
    stubApi({
      ...studentAreaStubs(),
      'PUT /api/student/updateProfileDetail': {
        body: {
          message: studentWith({
            educationalDetails: { ...studentRecord.educationalDetails, cgpa: 9.1 },
          }),
        },
      },
    });
    const { user } = renderApp(paths.student.academicDetails);

    await changeCgpa(user, '9.1');

    expect(await screen.findByText(toasts.detailsUpdated)).toBeVisible();
    expect(screen.getByLabelText('CGPA')).toHaveValue(9.1);
    expect(screen.queryByText(/^Verified by/)).not.toBeInTheDocument();
  });
});
