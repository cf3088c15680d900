import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../testing/api-stub.ts';
import { renderRoutes } from '../testing/render-app.tsx';
import { jobsApi } from '@portal/contracts/api/jobs';
import { api } from './api-client.ts';

/** A button that sends one change, with the mutation options a feature would give it. */
function Save({ meta }: { meta?: { errorFallback?: string; ownErrorToast?: boolean } }) {
  const save = useMutation({
    mutationFn: () => api.call(jobsApi.setStatus, { params: { id: 'j1' }, body: { status: 'Closed' } }),
    meta,
  });
  return (
    <button type="button" onClick={() => save.mutate()}>
      {save.isError ? 'Failed' : 'Save'}
    </button>
  );
}

const renderSave = (meta?: Parameters<typeof Save>[0]['meta']) =>
  renderRoutes([{ path: '/', element: <Save meta={meta} /> }], '/');

describe('a failed change', () => {
  it("is toasted once with the server's message, by the query client", async () => {
    stubApi({
      'PUT /api/company/jobs/j1/status': { status: 409, body: { message: 'Someone saved a newer version.' } },
    });
    const { user } = renderSave();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone saved a newer version.')).toBeVisible();
    expect(screen.getAllByText('Someone saved a newer version.')).toHaveLength(1);
  });

  it("says the call's fallback when the server gave no reason (the network failed)", async () => {
    stubApi({ 'PUT /api/company/jobs/j1/status': 'network-error' });
    const { user } = renderSave({ errorFallback: 'Could not save the thing.' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save the thing.')).toBeVisible();
  });

  it('is left to the page when the call says it shows its failures itself', async () => {
    stubApi({
      'PUT /api/company/jobs/j1/status': { status: 400, body: { message: 'That link was already used.' } },
    });
    const { user } = renderSave({ ownErrorToast: true });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Failed' });
    // The toast library loads on first use; give it the time it would take to show one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitFor(() => expect(screen.queryByText('That link was already used.')).toBeNull());
  });
});
