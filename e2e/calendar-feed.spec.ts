import { expect, test } from '@playwright/test';
import { signUpViaApi, toast } from './support.ts';

test('a student makes a calendar feed link on the profile page, a calendar app reads it, and a revoked link answers 404', async ({
  page,
}) => {
  await signUpViaApi(page, 'student', 'Kavya');
  await page.goto('/student/profile');
  await expect(page.getByText('You have no calendar feed link.')).toBeVisible();

  await page.getByRole('button', { name: 'Create feed link' }).click();
  await expect(toast(page, 'Calendar feed link created. Copy it now: it is shown only once.')).toBeVisible();
  const url = await page.getByLabel('Your feed link (shown only now)').inputValue();
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByText(/^Active since .* IST\.$/)).toBeVisible();

  // A calendar app fetches the link with no cookie.
  const feed = await page.request.get(url, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have no calendar feed link.')).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});
