import { placementCellMessages } from '@portal/contracts/placement-cell';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { statusReply, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs } from '../../../testing/staff-area.ts';

const cell = {
  name: 'Training and Placement Cell',
  address: 'Block A, Example Road\nPune 411001',
  email: 'placements@example.edu',
  phone: '9876543210',
};

describe('the placement cell', () => {
  it('is what About and Contact show, not the code or its author', async () => {
    stubApi({ 'GET /api/': statusReply(null), 'GET /api/placement-cell': { body: { message: cell } } });
    renderApp(paths.contact);
    expect(await screen.findByRole('heading', { name: 'Contact Page' })).toBeVisible();
    const details = (await screen.findByRole('heading', { name: cell.name })).closest('address')!;
    expect(within(details).getByRole('link', { name: cell.email })).toHaveAttribute(
      'href',
      `mailto:${cell.email}`,
    );
    expect(within(details).getByRole('link', { name: cell.phone })).toHaveAttribute(
      'href',
      `tel:${cell.phone}`,
    );
    expect(screen.queryByRole('link', { name: /GitHub/ })).not.toBeInTheDocument();
  });

  it('says so on About until staff fill it in', async () => {
    stubApi({
      'GET /api/': statusReply(null),
      'GET /api/placement-cell': { body: { message: { name: '', address: '', email: '', phone: '' } } },
    });
    renderApp(paths.about);
    expect(await screen.findByText(placementCellMessages.notYet)).toBeVisible();
  });

  it('is edited by staff, with the form keeping a refusal on it', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/placement-cell': { body: { message: { ...cell, name: '' } } },
      'PUT /api/college-staff/placement-cell': { body: { message: placementCellMessages.saved } },
    });
    const { user } = renderApp(paths.staff.placementCell);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(placementCellMessages.name)).toBeVisible();
    await user.type(screen.getByLabelText('Name'), cell.name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(placementCellMessages.saved)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(cell);
  });
});
