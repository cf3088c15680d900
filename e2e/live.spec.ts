import { expect, test } from '@playwright/test';
import { live } from '@portal/contracts/messages';
import { approveCompany, signUpViaApi } from './support.ts';

test('the bell shows a new notification without a reload, and polls when the stream is blocked', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A company awaiting approval, on its dashboard: the placement cell approves it meanwhile.
  const company = await (await browser.newContext()).newPage();
  await signUpViaApi(company, 'company', 'Livecast');
  const streamOpened = company.waitForResponse((r) => r.url().endsWith('/api/live'));
  await company.goto('/company');
  await expect(company.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  expect((await streamOpened).headers()['content-type']).toContain('text/event-stream');

  await approveCompany(company);
  await expect(company.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({
    timeout: 5_000,
  });

  // A proxy that blocks streams: the page says it checks every 30 seconds instead.
  const blocked = await (await browser.newContext()).newPage();
  await blocked.route('**/api/live', (route) => route.abort());
  await signUpViaApi(blocked, 'student', 'Blocked');
  await blocked.goto('/student');
  await expect(blocked.getByText(live.polling)).toBeVisible({ timeout: 20_000 });
});
