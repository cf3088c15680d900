import { emailSettings } from '@portal/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { StudentEmailSettings } from './student-email-settings.tsx';

const renderCard = () => renderRoutes([{ path: '/', Component: StudentEmailSettings }], '/');

describe('student email settings', () => {
  it('shows each setting as the server holds it', async () => {
    stubApi({
      'GET /api/student/emailSettings': { body: { message: { stageChanges: true, interviews: false } } },
    });
    renderCard();

    expect(screen.getByRole('heading', { name: 'Email notifications' })).toBeVisible();
    expect(await screen.findByRole('checkbox', { name: emailSettings.stageChanges })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: emailSettings.interviews })).not.toBeChecked();
  });

  it('sends both settings at once when one is ticked, and toasts', async () => {
    const { calls } = stubApi({
      'GET /api/student/emailSettings': { body: { message: { stageChanges: true, interviews: false } } },
      'PUT /api/student/emailSettings': (body) => ({ body: { message: body } }),
    });
    const { user } = renderCard();

    await user.click(await screen.findByRole('checkbox', { name: emailSettings.interviews }));

    expect(await screen.findByText(emailSettings.saved)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      stageChanges: true,
      interviews: true,
    });
    expect(screen.getByRole('checkbox', { name: emailSettings.interviews })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: emailSettings.stageChanges })).toBeEnabled();
  });

  it("toasts a refusal and shows the server's settings again", async () => {
    stubApi({
      'GET /api/student/emailSettings': { body: { message: { stageChanges: true, interviews: true } } },
      'PUT /api/student/emailSettings': {
        status: 400,
        body: { message: 'stageChanges must be true or false.' },
      },
    });
    const { user } = renderCard();

    const stageChanges = await screen.findByRole('checkbox', { name: emailSettings.stageChanges });
    await user.click(stageChanges);

    expect(await screen.findByText('stageChanges must be true or false.')).toBeVisible();
    await waitFor(() => expect(stageChanges).toBeEnabled());
    expect(stageChanges).toBeChecked();
  });
});
