import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { studentRecord } from '../../../testing/records.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { PersonalDetailsForm } from './personal-details-form.tsx';

const renderForm = () =>
  renderRoutes([{ path: '/', Component: () => <PersonalDetailsForm student={studentRecord} /> }], '/');

const lockedWarning = 'Please click on the edit button to edit the fields.';

describe('personal details form', () => {
  it('keeps each field read-only until its edit toggle, warning when a locked field is clicked or typed into', async () => {
    stubApi({});
    const { user } = renderForm();

    const firstName = screen.getByLabelText('First Name');
    expect(firstName).toHaveValue('Asha');
    expect(firstName).toHaveAttribute('readonly');

    await user.click(firstName);
    expect(await screen.findByText(lockedWarning)).toBeVisible();

    await user.type(screen.getByLabelText('Phone'), '1');
    expect(screen.getByLabelText('Phone')).toHaveValue('9876543210');

    await user.click(screen.getByRole('button', { name: 'Edit First Name' }));
    expect(firstName).not.toHaveAttribute('readonly');
    expect(firstName).toHaveFocus();
  });

  it('shows the email read-only with no edit toggle', () => {
    stubApi({});
    renderForm();

    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Edit Email' })).not.toBeInTheDocument();
  });

  it('saves the changed details without the email, toasts "Details Updated Succesfully" and locks the fields again', async () => {
    const { calls } = stubApi({
      'PUT /api/student/updateProfileDetail': {
        body: {
          message: {
            ...studentRecord,
            personalDetail: { ...studentRecord.personalDetail, mothersName: 'Sita Verma' },
          },
        },
      },
    });
    const { user } = renderForm();

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('button', { name: "Edit Mother's Name" }));
    await user.type(screen.getByLabelText("Mother's Name"), '  Sita Verma ');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Details Updated Succesfully')).toBeVisible();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/student/updateProfileDetail',
        body: {
          typ: 'personalDetail',
          value: {
            firstName: 'Asha',
            lastName: 'Verma',
            fathersName: 'Ravi Verma',
            mothersName: 'Sita Verma',
            phone: '9876543210',
          },
        },
      }),
    ]);
    expect(screen.getByLabelText("Mother's Name")).toHaveAttribute('readonly');
    expect(screen.getByLabelText("Mother's Name")).toHaveValue('Sita Verma');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the schema's messages beside the fields and sends nothing", async () => {
    const { calls } = stubApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'Edit First Name' }));
    await user.clear(screen.getByLabelText('First Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please Enter Phone Number under 10 digits.')).toBeVisible();
    expect(screen.getByText('Please enter your first name.')).toBeVisible();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    // The mother's name was never given: its field opens so it can be filled in.
    expect(screen.getByText("Please enter your mother's name.")).toBeVisible();
    expect(screen.getByLabelText("Mother's Name")).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('readonly');
    expect(calls).toEqual([]);
  });

  it("toasts the server's message when saving fails, and keeps it on the form", async () => {
    stubApi({
      'PUT /api/student/updateProfileDetail': {
        status: 400,
        body: { message: 'emailID cannot be changed here.' },
      },
    });
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: "Edit Mother's Name" }));
    await user.type(screen.getByLabelText("Mother's Name"), 'Sita Verma');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('emailID cannot be changed here.', { selector: 'form [role="alert"]' }),
    ).toBeVisible();
    expect(screen.getAllByText('emailID cannot be changed here.')).toHaveLength(2);
    expect(screen.getByLabelText("Mother's Name")).not.toHaveAttribute('readonly');
  });

  it('opens every field of the card with Edit all, beside the pencils, and locks them all again on Discard', async () => {
    stubApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Edit all Personal details' }));
    for (const label of ['First Name', 'Last Name', "Father's Name", "Mother's Name", 'Phone']) {
      expect(screen.getByLabelText(label), label).not.toHaveAttribute('readonly');
    }
    // The sign-in email is never edited here.
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Edit Phone' })).toHaveAttribute('aria-pressed', 'true');

    // A pencil still locks its own field.
    await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
    expect(screen.getByLabelText('Phone')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('First Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First Name')).toHaveValue('Asha');
  });
});
