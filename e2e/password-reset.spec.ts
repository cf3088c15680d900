import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUpViaApi, toast } from './support.ts';

/** Opens the development outbox and waits for the email to this address (the sender works after the request). */
async function openResetEmail(page: Page, email: string) {
  await page.goto('/dev/outbox');
  const item = page.getByRole('listitem').filter({ hasText: `To ${email}` });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(item.getByText('Sent')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(
    item.getByRole('heading', { name: 'Reset your Campus Placement Portal password' }),
  ).toBeVisible();
  return item.getByRole('link', { name: /\/signin\/student\/reset-password#token=/ });
}

test.describe('forgot password', () => {
  test('a student asks for a link, follows it from the email, chooses a new password and signs in with it', async ({
    page,
    context,
  }) => {
    // Sign-up, a reset, a refused old password and a fresh sign-in: about 30 s on a busy machine.
    test.setTimeout(90_000);
    const email = await signUpViaApi(page, 'student', 'Lata');
    await context.clearCookies();

    await page.goto('/signin/student');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL('/signin/student/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('a link to choose a new password is on its way');

    const link = await openResetEmail(page, email);
    await link.click();
    await expect(page).toHaveURL(/\/signin\/student\/reset-password#token=/);

    await page.getByLabel('New Password', { exact: true }).fill('lata-new-pass');
    await page.getByLabel('Confirm New Password').fill('something-else');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText("Password and Confirm Password don't match!")).toBeVisible();

    await page.getByLabel('Confirm New Password').fill('lata-new-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      toast(page, 'Your password has been reset. Please sign in with your new password.'),
    ).toBeVisible();
    await expect(page).toHaveURL('/signin/student');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Invalid email or password.')).toBeVisible();

    await page.getByLabel('Password').fill('lata-new-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/student');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    // The same link a second time says it was used, and offers a new one.
    const usedLink = await openResetEmail(page, email);
    await usedLink.click();
    await expect(page.getByRole('alert')).toHaveText(
      /This reset link has already been used\. Please ask for a new one if you need to\./,
    );
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL('/signin/student/forgot-password');
  });

  test('an altered link is refused with a clear message', async ({ page }) => {
    await page.goto('/signin/company/reset-password#token=not-a-real-token');
    await expect(page.getByRole('alert')).toContainText('This reset link is not valid.');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  });
});
