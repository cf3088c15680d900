import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { StudentSignupForm } from './student-signup-form.tsx';

function renderForm() {
  return renderRoutes(
    [
      { path: paths.signup.student, Component: StudentSignupForm },
      { path: paths.student.profile, Component: () => <h1>Student profile page</h1> },
      { path: paths.signin.student, Component: () => <h1>Student sign-in page</h1> },
    ],
    paths.signup.student,
  );
}

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id === null ? null : document.getElementById(id)?.textContent;
};

describe('student sign-up form', () => {
  it('shows the required messages when sent empty, without calling the server', async () => {
    const { calls } = stubApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Please enter your first name.')).toBeVisible();
    expect(screen.getByText('Please enter your last name.')).toBeVisible();
    expect(screen.getByText('Please enter your email address.')).toBeVisible();
    expect(screen.getByText('Please enter your Phone No.')).toBeVisible();
    expect(screen.getByText('Please enter your Password.')).toBeVisible();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf('First Name')).toBe('Please enter your first name.');
    expect(calls).toEqual([]);
  });

  it('rejects a malformed email, a short phone, a short password and a mismatched confirmation', async () => {
    stubApi({});
    const { user } = renderForm();

    await user.type(screen.getByLabelText('First Name'), 'Asha');
    await user.type(screen.getByLabelText('Last Name'), 'Verma');
    await user.type(screen.getByLabelText('Email'), 'asha@example');
    await user.type(screen.getByLabelText('Phone'), '98765');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Please enter a valid Email address.')).toBeVisible();
    expect(screen.getByText('Please Enter Phone Number under 10 digits.')).toBeVisible();
    expect(screen.getByText('Please enter a strong password of length more than 5.')).toBeVisible();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText("Password and Confirm Password don't match!")).toBeVisible();
    expect(errorOf('Confirm Password')).toBe("Password and Confirm Password don't match!");
    expect(screen.queryByText('Please enter a valid Email address.')).not.toBeInTheDocument();
  });

  async function fillValid(user: ReturnType<typeof renderForm>['user']) {
    await user.type(screen.getByLabelText('First Name'), 'Asha');
    await user.type(screen.getByLabelText('Last Name'), 'Verma');
    await user.type(screen.getByLabelText('Email'), 'Asha@Example.com');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  }

  it("signs up, toasts the server's message and opens the student's profile", async () => {
    const { calls } = stubApi({
      'POST /api/student/signup': { status: 201, body: { message: 'Signed Up successfully' } },
    });
    const { user } = renderForm();

    await fillValid(user);

    expect(await screen.findByRole('heading', { name: 'Student profile page' })).toBeVisible();
    expect(await screen.findByText('Signed Up successfully')).toBeVisible();
    expect(calls[0]?.body).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      emailID: 'asha@example.com',
      phone: '9876543210',
      password: 'secret1',
      cpass: 'secret1',
    });
  });

  it('sends an existing student to sign in with "Please Sign In"', async () => {
    stubApi({ 'POST /api/student/signup': { status: 409, body: { message: 'Student Already Exists!' } } });
    const { user } = renderForm();

    await fillValid(user);

    expect(await screen.findByRole('heading', { name: 'Student sign-in page' })).toBeVisible();
    expect(await screen.findByText('Please Sign In')).toBeVisible();
  });

  it("warns with the server's message on any other failure and stays on the form", async () => {
    stubApi({
      'POST /api/student/signup': {
        status: 429,
        body: { message: 'Too many attempts. Please wait a minute and try again.' },
      },
    });
    const { user } = renderForm();

    await fillValid(user);

    const inline = await screen.findByText('Too many attempts. Please wait a minute and try again.', {
      selector: 'form [role="alert"]',
    });
    expect(inline).toBeVisible();
    expect(screen.getAllByText('Too many attempts. Please wait a minute and try again.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });
});
