import { emailSettings } from '@portal/contracts/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { CompanyEmailSettings } from './company-email-settings.tsx';

describe('company email settings', () => {
  it('turns new-applicant emails off and toasts', async () => {
    const { calls } = stubApi({
      'GET /api/company/emailSettings': { body: { message: { newApplicants: true } } },
      'PUT /api/company/emailSettings': (body) => ({ body: { message: body } }),
    });
    const { user } = renderRoutes([{ path: '/', Component: CompanyEmailSettings }], '/');

    const newApplicants = await screen.findByRole('checkbox', { name: emailSettings.newApplicants });
    expect(newApplicants).toBeChecked();
    await user.click(newApplicants);

    expect(await screen.findByText(emailSettings.saved)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ newApplicants: false });
    expect(newApplicants).not.toBeChecked();
  });
});
