import { expect, test } from '@playwright/test';
import { signUpViaApi, toast } from './support.ts';

test('a student turns stage-change emails off on the profile page, and the choice is kept', async ({
  page,
}) => {
  await signUpViaApi(page, 'student', 'Neha');
  await page.goto('/student/profile');
  const stageChanges = page.getByLabel('Email me when one of my applications moves to a new stage');
  const interviews = page.getByLabel('Email me when an assessment or interview is scheduled');
  // The profile page's first arrival loads its chunk: on a busy CI machine it took over 7 s once.
  await expect(stageChanges).toBeChecked({ timeout: 30_000 });
  await expect(interviews).toBeChecked();
  // The day above the profile has arrived, so the settings no longer move down as it draws...
  await expect(page.getByRole('region', { name: 'Your profile' })).toBeVisible();
  // And every card above the settings has drawn (a click while one still grows lands beside the box).
  await page.waitForLoadState('networkidle');

  await stageChanges.uncheck();
  await expect(toast(page, 'Email settings saved.')).toBeVisible();

  await page.reload();
  await expect(stageChanges).not.toBeChecked();
  await expect(interviews).toBeChecked();
});
