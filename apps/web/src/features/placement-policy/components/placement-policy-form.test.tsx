import { policy as messages } from '@portal/contracts/messages';
import type {
  PlacementPolicy,
  PlacementPolicyPreview,
  PlacementPolicyState,
  PlacementPolicyVersion,
} from '@portal/contracts/placement-policy';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs } from '../../../testing/staff-area.ts';

const policyPath = '/api/college-staff/placementPolicy';

const v1: PlacementPolicyVersion = {
  version: 1,
  maxAcceptedOffers: 1,
  tiers: [{ name: 'Regular', minPackage: 0 }],
  higherTierAfterPlaced: true,
  internshipsCount: false,
  decisionDays: 7,
  noShowLimit: 2,
  noShowDebarDays: 14,
  driveDayHigherTiersFirst: false,
  by: 'Default policy',
  at: '2026-01-01T00:00:00.000Z',
};
const v2: PlacementPolicyVersion = {
  ...v1,
  version: 2,
  tiers: [
    { name: 'Regular', minPackage: 0 },
    { name: 'Dream', minPackage: 10 },
  ],
  by: 'Meera Iyer',
  at: '2026-06-01T10:00:00.000Z',
};
const stateOf = (...history: PlacementPolicyVersion[]): PlacementPolicyState => ({
  current: history[0]!,
  history,
});

describe('the placement policy page', () => {
  it('is in the staff menu and shows the policy in force and its history', async () => {
    stubApi({ ...staffAreaStubs(), [`GET ${policyPath}`]: { body: { message: stateOf(v2, v1) } } });
    const { user } = renderApp(paths.staff.placementPolicy);

    expect(await screen.findByText('Policy in force: version 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'College Staff Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Placement Policy' })).toHaveAttribute(
      'href',
      '/college-staff/policy',
    );
    expect(screen.getByLabelText('Tier 2 name')).toHaveValue('Dream');
    expect(screen.getByLabelText('Tier 2 from (LPA)')).toHaveValue(10);
    expect(screen.getByLabelText('Accepted offers allowed')).toHaveValue(1);
    expect(screen.getByRole('checkbox', { name: /higher tier than their accepted offer/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Internship offers count/ })).not.toBeChecked();

    const history = screen.getByRole('table', { name: 'History' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Meera Iyer',
      'Default policy',
    ]);
    expect(rows[0]).toHaveTextContent('Regular from 0 LPA · Dream from 10 LPA');
    expect(rows[1]).toHaveTextContent('1 accepted offer · higher tier allowed');
  });

  it('previews a draft: how many would gain or lose, with names', async () => {
    const preview: PlacementPolicyPreview = {
      openJobs: 4,
      gain: { count: 1, sample: ['Bela Rao'] },
      lose: { count: 12, sample: ['Aarav Shah', 'Dia Sen'] },
    };
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${policyPath}`]: { body: { message: stateOf(v2, v1) } },
      [`POST ${policyPath}/preview`]: { body: { message: preview } },
    });
    const { user } = renderApp(paths.staff.placementPolicy);

    await user.click(await screen.findByRole('checkbox', { name: /Internship offers count/ }));
    await user.click(screen.getByRole('button', { name: 'Preview changes' }));

    const result = screen.getByRole('region', { name: 'Preview of the changes' });
    expect(await within(result).findByText('Would gain the right to apply: 1 student')).toBeVisible();
    expect(within(result).getByText(/over 4 open jobs/)).toBeVisible();
    expect(within(result).getByText('Would lose the right to apply: 12 students')).toBeVisible();
    const losers = within(result).getByRole('list', { name: 'Would lose the right to apply' });
    expect(
      within(losers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Aarav Shah', 'Dia Sen', 'and 10 more']);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      maxAcceptedOffers: 1,
      tiers: [
        { name: 'Regular', minPackage: 0 },
        { name: 'Dream', minPackage: 10 },
      ],
      higherTierAfterPlaced: true,
      internshipsCount: true,
      decisionDays: 7,
      noShowLimit: 2,
      noShowDebarDays: 14,
      driveDayHigherTiersFirst: false,
    } satisfies PlacementPolicy);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('adds a tier, saves the policy, toasts the new version and shows it', async () => {
    const v3: PlacementPolicyVersion = {
      ...v2,
      version: 3,
      tiers: [...v2.tiers, { name: 'Super Dream', minPackage: 20 }],
      at: '2026-06-02T10:00:00.000Z',
    };
    let saved = false;
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${policyPath}`]: () => ({ body: { message: saved ? stateOf(v3, v2, v1) : stateOf(v2, v1) } }),
      [`PUT ${policyPath}`]: () => {
        saved = true;
        return { body: { message: messages.saved(3) } };
      },
    });
    const { user } = renderApp(paths.staff.placementPolicy);

    await user.click(await screen.findByRole('button', { name: 'Add tier' }));
    await user.type(screen.getByLabelText('Tier 3 name'), 'Super Dream');
    expect(screen.getByLabelText('Tier 3 from (LPA)')).toHaveValue(20);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Placement policy saved as version 3.')).toBeVisible();
    expect((calls.find((call) => call.method === 'PUT')?.body as PlacementPolicy).tiers).toEqual(v3.tiers);
    expect(await screen.findByText('Policy in force: version 3')).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'History' })).getAllByRole('row')).toHaveLength(4);
  });

  it("checks the tiers with the contract's message before sending, and toasts the server's refusal", async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${policyPath}`]: { body: { message: stateOf(v2, v1) } },
      [`PUT ${policyPath}`]: { status: 400, body: { message: messages.unchanged } },
    });
    const { user } = renderApp(paths.staff.placementPolicy);

    const from = await screen.findByLabelText('Tier 2 from (LPA)');
    await user.clear(from);
    await user.type(from, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.tiersOrder)).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    await user.type(screen.getByLabelText('Tier 2 name'), 'Dream');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.unchanged, { selector: 'form [role="alert"]' })).toBeVisible();
    expect(screen.getAllByText(messages.unchanged)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    expect(screen.getByRole('button', { name: 'Remove tier 1' })).toBeDisabled();
  });
});
