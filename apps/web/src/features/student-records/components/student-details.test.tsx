import {
  emailChange,
  erasure,
  notFound,
  offers,
  staffRecords,
  verification,
} from '@portal/contracts/messages';
import type { PendingEmailChange } from '@portal/contracts/email-change';
import type { UpdateStudentDetails } from '@portal/contracts/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailHref, paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs, studentCard, studentDetails, studentPage } from '../../../testing/staff-area.ts';
import { studentsQueryKey } from '../api/get-students.ts';

const record = studentDetails({
  audit: [
    {
      _id: 'a2',
      at: '2026-03-02T10:00:00.000Z',
      by: 'Meera Iyer',
      field: 'CGPA',
      oldValue: '8.1',
      newValue: '8.2',
    },
    {
      _id: 'a1',
      at: '2026-03-01T10:00:00.000Z',
      by: 'Ravi Kumar',
      field: 'Phone',
      oldValue: '',
      newValue: '9876543210',
    },
  ],
  applications: [
    {
      _id: 'app-1',
      jobId: 'job-1',
      company: 'Acme Corp',
      role: 'SDE',
      appliedAt: '2026-02-01T09:30:00.000Z',
      stage: 'Shortlisted',
      schedule: null,
      history: [
        { stage: 'Form Submitted', at: '2026-02-01T09:30:00.000Z', by: 'Asha Verma' },
        { stage: 'Shortlisted', at: '2026-02-04T11:00:00.000Z', by: 'Acme Corp' },
      ],
      offer: null,
    },
  ],
});
const detailsUrl = detailHref(paths.staff.studentDetails, record._id);

/** A change of the student's sign-in email under way, waiting for the student unless `changes` say otherwise. */
const change = (changes: Partial<PendingEmailChange> = {}): PendingEmailChange => ({
  _id: 'e1c8f3de-0000-4000-8000-000000000301',
  newEmail: 'asha.new@example.com',
  state: 'AwaitingStudent',
  requestedBy: 'Nisha Rao',
  requestedAt: '2026-03-05T10:00:00.000Z',
  lostAddressMarkedBy: '',
  secondApprovedBy: '',
  dueAt: null,
  ...changes,
});
const detailsPath = `/api/college-staff/getStudentDetails/${record._id}`;

async function editCgpa(user: ReturnType<typeof renderApp>['user'], value: string) {
  const cgpa = await screen.findByLabelText('CGPA');
  expect(cgpa).toHaveValue(8.2);
  await user.clear(cgpa);
  await user.type(cgpa, value);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('staff student details', () => {
  it('saves with the loaded version and the edited CGPA, toasts the server message and refetches', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: record } },
      'PUT /api/college-staff/updateStudentDetails': { body: { message: staffRecords.saved } },
    });
    const { user } = renderApp(detailsUrl);

    await editCgpa(user, '9.1');

    expect(await screen.findByText('Student details updated successfully.')).toBeVisible();
    const body = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: record._id,
      version: 3,
      role: 'Allowed',
      educationalDetails: { rollNumber: '21BCE1012', degrees: ['B.Tech'], cgpa: 9.1, yearOfPassing: 2026 },
      placementStatus: { isPlaced: false, companyName: '', packageOffered: null, status: '' },
    });
    expect(calls.filter((call) => call.path === detailsPath).length).toBeGreaterThanOrEqual(2);
  });

  it('refreshes the student list after a save, though the list was fetched moments before', async () => {
    const listPath = '/api/college-staff/students';
    const card = studentCard({ _id: record._id, name: 'Asha Verma', cgpa: 8.2 });
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${listPath}`]: { body: { message: studentPage([card]) } },
      [`GET ${detailsPath}`]: { body: { message: record } },
      'PUT /api/college-staff/updateStudentDetails': { body: { message: staffRecords.saved } },
    });
    const { user, router, queryClient } = renderApp(paths.staff.students);
    // As in the app (30 s), a list fetched moments ago is fresh: only an invalidation refetches it.
    queryClient.setQueryDefaults(studentsQueryKey('college-staff'), { staleTime: Infinity });
    const listCalls = () => calls.filter((call) => call.path === listPath).length;

    await user.click(await screen.findByRole('link', { name: 'Details of Asha Verma' }));
    await editCgpa(user, '9.1');
    expect(await screen.findByText(staffRecords.saved)).toBeVisible();
    expect(listCalls()).toBe(1);

    stubApi({
      ...staffAreaStubs(),
      [`GET ${listPath}`]: { body: { message: studentPage([{ ...card, cgpa: 9.1 }]) } },
    });
    await router.navigate(-1);
    const refreshed = await screen.findByRole('row', { name: /Asha Verma/ });
    expect(await within(refreshed).findByText('9.1')).toBeVisible();
  });

  it('says the record went stale on a 409 and reloads it on request', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: record } },
      'PUT /api/college-staff/updateStudentDetails': {
        status: 409,
        body: { message: staffRecords.staleEdit },
      },
    });
    const { user } = renderApp(detailsUrl);

    await editCgpa(user, '9.1');

    expect(await screen.findByText(staffRecords.staleEdit, { selector: '.Toastify *' })).toBeVisible();
    const banner = screen.getByText(staffRecords.staleEdit, { selector: 'main p' }).parentElement!;
    expect(banner).toHaveAttribute('role', 'alert');

    stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: { ...record, version: 4 } } },
    });
    await user.click(within(banner).getByRole('button', { name: 'Reload' }));

    // The newer record replaces the form: the typed CGPA is gone and so is the warning.
    expect(await screen.findByLabelText('CGPA')).toHaveValue(8.2);
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === detailsPath)).toHaveLength(1);
  });

  it('shows the applications with their history and the audit log newest first', async () => {
    stubApi({ ...staffAreaStubs(), [`GET ${detailsPath}`]: { body: { message: record } } });
    renderApp(detailsUrl);

    const application = await screen.findByRole('article', { name: 'SDE' });
    expect(within(application).getByText('Shortlisted', { selector: 'span' })).toBeVisible();
    const rows = within(screen.getByRole('table', { name: 'Audit log' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Meera Iyer',
      'Ravi Kumar',
    ]);
    expect(rows[0]).toHaveTextContent('8.1 → changed to 8.2');
    expect(screen.getByText('No resume')).toBeVisible();
  });

  it('notes under the email field the change of address under way', async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: {
        body: { message: { ...record, pendingEmail: 'asha.new@example.com', emailChange: change() } },
      },
    });
    renderApp(detailsUrl);

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('asha@example.com');
    expect(email).toHaveAccessibleDescription(emailChange.underWay('asha.new@example.com'));
  });

  it('shows no such note when no change is under way', async () => {
    stubApi({ ...staffAreaStubs(), [`GET ${detailsPath}`]: { body: { message: record } } });
    renderApp(detailsUrl);

    expect(await screen.findByLabelText('Email')).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('region', { name: emailChange.staffPanel.heading })).not.toBeInTheDocument();
  });

  it('shows a change waiting for the student, and marks on request that the student lost the address', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: { ...record, emailChange: change() } } },
      [`POST /api/college-staff/emailChanges/${change()._id}/lostAddress`]: {
        body: { message: emailChange.lostAddressMarked },
      },
    });
    const { user } = renderApp(detailsUrl);

    const panel = await screen.findByRole('region', { name: emailChange.staffPanel.heading });
    expect(panel).toHaveTextContent(emailChange.state.AwaitingStudent('asha.new@example.com'));
    expect(panel).toHaveTextContent('Asked for by Nisha Rao on 2026-03-05.');
    expect(within(panel).queryByRole('button', { name: emailChange.staffPanel.secondApprove })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: emailChange.staffPanel.markLostAddress }));
    const dialog = screen.getByRole('dialog', { name: emailChange.staffPanel.markLostAddress });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark it' }));

    expect(await screen.findByText(emailChange.lostAddressMarked, { selector: '.Toastify *' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/college-staff/emailChanges/${change()._id}/lostAddress`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers the second approval, and toasts the refusal when this staff member asked for the change', async () => {
    const waiting = change({ state: 'AwaitingSecondApproval', lostAddressMarkedBy: 'Nisha Rao' });
    stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: { ...record, emailChange: waiting } } },
      [`POST /api/college-staff/emailChanges/${waiting._id}/secondApproval`]: {
        status: 403,
        body: { message: emailChange.sameStaff },
      },
    });
    const { user } = renderApp(detailsUrl);

    const panel = await screen.findByRole('region', { name: emailChange.staffPanel.heading });
    expect(panel).toHaveTextContent(
      emailChange.state.AwaitingSecondApproval('asha.new@example.com', 'Nisha Rao'),
    );
    expect(within(panel).queryByRole('button', { name: emailChange.staffPanel.markLostAddress })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: emailChange.staffPanel.secondApprove }));
    const dialog = screen.getByRole('dialog', { name: emailChange.staffPanel.secondApprove });
    expect(dialog).toHaveTextContent(emailChange.staffPanel.confirmSecondApprove('asha.new@example.com'));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(emailChange.sameStaff, { selector: '.Toastify *' })).toBeVisible();
  });

  it('shows when a change approved by two staff members sends its link, with no step left to take', async () => {
    const waiting = change({
      state: 'Waiting',
      lostAddressMarkedBy: 'Nisha Rao',
      secondApprovedBy: 'Arjun Das',
      dueAt: '2026-03-08T10:00:00.000Z',
    });
    stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: { ...record, emailChange: waiting } } },
    });
    renderApp(detailsUrl);

    const panel = await screen.findByRole('region', { name: emailChange.staffPanel.heading });
    expect(panel).toHaveTextContent('Approved by two staff members');
    expect(panel).toHaveTextContent('approved by Arjun Das');
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('asks for the debarment reason and end date once the status is Debarred, and sends them', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: record } },
      'PUT /api/college-staff/updateStudentDetails': { body: { message: staffRecords.saved } },
    });
    const { user } = renderApp(detailsUrl);

    const status = await screen.findByLabelText('Account status');
    expect(screen.queryByLabelText('Debarment reason')).not.toBeInTheDocument();
    await user.selectOptions(status, 'Debarred');
    await user.type(screen.getByLabelText('Debarment reason'), 'Skipped two interviews');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(staffRecords.saved)).toBeVisible();
    const first = calls.filter((call) => call.method === 'PUT')[0]?.body as UpdateStudentDetails;
    expect(first).toMatchObject({
      role: 'Debarred',
      debarment: { reason: 'Skipped two interviews', until: null },
    });

    await user.type(screen.getByLabelText('Debarred until'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findAllByText(staffRecords.saved);
    const second = calls.filter((call) => call.method === 'PUT')[1]?.body as UpdateStudentDetails;
    expect(second.debarment).toEqual({ reason: 'Skipped two interviews', until: '2026-12-31' });
  });

  it('shows the stored debarment of a debarred student', async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: {
        body: {
          message: {
            ...record,
            role: 'Debarred',
            debarment: { reason: 'Fake documents', until: '2026-08-01' },
          },
        },
      },
    });
    renderApp(detailsUrl);
    expect(await screen.findByLabelText('Debarment reason')).toHaveValue('Fake documents');
    expect(screen.getByLabelText('Debarred until')).toHaveValue('2026-08-01');
  });

  it('sends the Verified tick with the save', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: record } },
      'PUT /api/college-staff/updateStudentDetails': { body: { message: staffRecords.saved } },
    });
    const { user } = renderApp(detailsUrl);

    const verified = await screen.findByRole('checkbox', { name: 'Verified' });
    expect(verified).not.toBeChecked();
    expect(screen.queryByText(/^Verified by/)).not.toBeInTheDocument();
    await user.click(verified);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(staffRecords.saved)).toBeVisible();
    const body = calls.find((call) => call.method === 'PUT')?.body as UpdateStudentDetails;
    expect(body.educationalDetails).toMatchObject({ cgpa: 8.2, verified: true });
  });

  it('shows who verified the academic details and when, and the change waiting for approval', async () => {
    const verifiedRecord = studentDetails({
      educationalDetails: {
        ...record.educationalDetails,
        verified: true,
        verification: { by: 'Meera Iyer', at: '2026-03-02T10:00:00.000Z' },
      },
      pendingAcademicChange: {
        _id: 'r1',
        requestedAt: '2026-03-05T09:00:00.000Z',
        newValues: { ...record.educationalDetails, cgpa: 9.4 },
      },
    });
    stubApi({ ...staffAreaStubs(), [`GET ${detailsPath}`]: { body: { message: verifiedRecord } } });
    renderApp(detailsUrl);

    expect(await screen.findByRole('checkbox', { name: 'Verified' })).toBeChecked();
    expect(screen.getByText(verification.badge('Meera Iyer', '2026-03-02'))).toBeVisible();
    const pending = screen.getByRole('region', { name: 'Change waiting for approval' });
    expect(
      within(pending).getByText('Asked for by the student on 2026-03-05', { exact: false }),
    ).toBeVisible();
    expect(within(pending).getByRole('list', { name: 'Requested changes' })).toHaveTextContent(
      'CGPA: 8.2 → changed to 9.4',
    );
    expect(within(pending).getByRole('link', { name: /Verification page/ })).toHaveAttribute(
      'href',
      paths.staff.verification,
    );
  });

  it('says so for an unknown student', async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { status: 404, body: { message: notFound.student } },
    });
    renderApp(detailsUrl);

    expect(await screen.findByText('Student not found.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the students' })).toHaveAttribute(
      'href',
      paths.staff.students,
    );
  });

  it('revokes an accepted offer with a reason and toasts the result', async () => {
    const accepted = {
      ...record,
      applications: [
        {
          ...record.applications[0]!,
          stage: 'Offer Letter' as const,
          offer: {
            state: 'Accepted' as const,
            package: 12,
            decideBy: '2099-03-10',
            tier: 'Regular',
            reason: '',
            decidedAt: '2099-03-01T10:00:00.000Z',
          },
        },
      ],
    };
    const revokePath = '/api/college-staff/offers/app-1/revoke';
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: accepted } },
      [`POST ${revokePath}`]: { body: { message: offers.revoked } },
    });
    const { user } = renderApp(detailsUrl);

    const panel = await screen.findByRole('region', { name: 'Offer from Acme Corp' });
    expect(within(panel).getByText('Accepted')).toBeVisible();
    expect(within(panel).getByText('12 LPA')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Revoke offer' }));
    expect(await within(panel).findByText(offers.reasonRequired)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(panel).getByLabelText('Reason for revoking'), 'Forged documents');
    await user.click(within(panel).getByRole('button', { name: 'Revoke offer' }));
    expect(await screen.findByText(offers.revoked)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: revokePath,
      body: { reason: 'Forged documents' },
    });
    // The record is fetched again: placement and audit changed on the server.
    await waitFor(() => expect(calls.filter((c) => c.path === detailsPath).length).toBeGreaterThanOrEqual(2));
  });

  it("closes a placed student's other open applications in one step, after asking", async () => {
    const placed = {
      ...record,
      applications: [
        {
          ...record.applications[0]!,
          _id: 'app-2',
          company: 'Globex',
          stage: 'Offer Letter' as const,
          offer: {
            state: 'Accepted' as const,
            package: 12,
            decideBy: '2099-03-10',
            tier: 'Regular',
            reason: '',
            decidedAt: '2099-03-01T10:00:00.000Z',
          },
        },
        record.applications[0]!,
      ],
    };
    const closePath = `/api/college-staff/students/${record._id}/closeOtherApplications`;
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: { body: { message: placed } },
      [`POST ${closePath}`]: { body: { message: '1 other application closed.' } },
    });
    const { user } = renderApp(detailsUrl);
    await user.click(await screen.findByRole('button', { name: 'Close other applications' }));
    const dialog = screen.getByRole('dialog', { name: "Close this student's other applications?" });
    expect(within(dialog).getByText(/1 open application will be closed/)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close them' }));
    expect(await screen.findByText('1 other application closed.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([closePath]);
  });

  it('offers no closing of other applications to a student who is not placed', async () => {
    stubApi({ ...staffAreaStubs(), [`GET ${detailsPath}`]: { body: { message: record } } });
    renderApp(detailsUrl);
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close other applications' })).not.toBeInTheDocument();
  });

  it('offers no revocation for an offer that is not accepted', async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET ${detailsPath}`]: {
        body: {
          message: {
            ...record,
            applications: [
              {
                ...record.applications[0]!,
                offer: {
                  state: 'Offered' as const,
                  package: 12,
                  decideBy: '2099-03-10',
                  tier: 'Regular',
                  reason: '',
                  decidedAt: null,
                },
              },
            ],
          },
        },
      },
    });
    renderApp(detailsUrl);
    const panel = await screen.findByRole('region', { name: 'Offer from Acme Corp' });
    expect(within(panel).queryByRole('button', { name: 'Revoke offer' })).not.toBeInTheDocument();
  });
});

describe('an erased account on the staff record page', () => {
  it('shows the status Erased and no form to edit it', async () => {
    const erased = studentDetails({
      role: 'Erased',
      personalDetail: {
        firstName: 'Former',
        lastName: 'student',
        fathersName: '',
        mothersName: '',
        emailID: `erased-${record._id}@invalid`,
        phone: '',
        profilePicture: '',
      },
    });
    stubApi({ ...staffAreaStubs(), [`GET ${detailsPath}`]: { body: { message: erased } } });
    renderApp(detailsUrl);

    expect(await screen.findByText('Account: Erased')).toBeVisible();
    expect(screen.getByText(erasure.recordErased)).toBeVisible();
    expect(screen.queryByLabelText('Account status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('is not a status the form of a student record offers, nor are the company statuses', async () => {
    stubApi({ ...staffAreaStubs(), [`GET ${detailsPath}`]: { body: { message: record } } });
    renderApp(detailsUrl);
    const select = await screen.findByLabelText('Account status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Allowed', 'Suspended', 'Debarred']);
  });
});
