import { expect, request, test } from '@playwright/test';
import { approveCompany, day, readyToApply, signUpViaApi, toast } from './support.ts';

/*
 * Each role's home, as a person meets it: `/` answers a signed-in visitor with a redirect to it, it
 * opens with the day, and a phone reads it without sideways scrolling, toasts keeping clear of the
 * header and the menu.
 */

test("a company's job and a student's application show on both homes", async ({ page, browser }) => {
  await signUpViaApi(page, 'company', 'Homes');
  await approveCompany(page);
  const role = `Home Tester ${Date.now()}`;
  const posted = await page.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role,
        description: 'Build the home page.',
        qualifications: ['B.Tech'],
        startDate: day(-1),
        applicationDeadline: day(10),
      },
    },
  });
  expect(posted.status()).toBe(201);
  const { message: job } = (await posted.json()) as { message: { _id: string } };

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  try {
    await signUpViaApi(student, 'student', 'Homely');
    // Signed in, `/` is never the landing page: the server sends the student home.
    await student.goto('/');
    await expect(student).toHaveURL(/\/student$/);
    await expect(student.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    const profile = student.getByRole('region', { name: 'Your profile' });
    await expect(profile.getByRole('progressbar', { name: 'Profile complete' })).toBeVisible();
    await profile.getByRole('link', { name: 'Fill in your academic details' }).click();
    await expect(student).toHaveURL(/\/student\/academicDetails$/);

    await readyToApply(student);
    const applied = await student.request.post('/api/student/jobApplyByStudent', {
      data: { jobID: job._id },
    });
    expect(applied.status()).toBe(201);
    await student.goto('/student/dashboard');
    await expect(
      student.getByRole('list', { name: 'Applications by stage' }).getByText('Form Submitted'),
    ).toBeVisible();
  } finally {
    await studentContext.close();
  }

  await page.goto('/');
  await expect(page).toHaveURL(/\/company$/);
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await expect(waiting.getByRole('link', { name: '1 new applicant to review' })).toBeVisible();
  const jobs = page.getByRole('region', { name: 'Your jobs' });
  await expect(jobs.getByRole('heading', { name: role })).toBeVisible();
  await jobs.getByRole('link', { name: `View applicants of ${role}` }).click();
  await expect(page).toHaveURL(new RegExp(`/company/applicants\\?jobId=${job._id}$`));
});

test('at 375 px a toast stays below the header and clear of the menu, and the title is whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpViaApi(page, 'college-staff', 'Phone');
  await page.goto('/college-staff/placement-cell');
  await expect(page.getByRole('heading', { name: 'College Staff Dashboard' })).toBeVisible();
  // The area's title wraps rather than losing its end.
  const title = page.getByRole('heading', { name: 'College Staff Dashboard' });
  expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);

  await page.getByLabel('Name').fill('Training and Placement Cell');
  await page.getByRole('button', { name: 'Save' }).click();
  const shown = toast(page, 'Placement cell details saved.');
  await expect(shown).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  // Once it has slid in: below the header, a card at the right inside the phone's width, not its
  // whole width over the menu button.
  const box = async () => (await shown.boundingBox())!;
  await expect
    .poll(async () => {
      const b = await box();
      return b.x + b.width;
    })
    .toBeLessThanOrEqual(375);
  const b = await box();
  expect(b.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(b.x).toBeGreaterThan(20);

  // The public pages now show the placement cell, to anyone.
  const visitor = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const cell = await visitor.get('/api/placement-cell');
    expect(((await cell.json()) as { message: { name: string } }).message.name).toBe(
      'Training and Placement Cell',
    );
  } finally {
    await visitor.dispose();
  }
});

test('a wrong password stays on the sign-in form after its toast has gone', async ({ page }) => {
  const email = await signUpViaApi(page, 'student', 'Forgetful');
  await page.context().clearCookies();
  await page.goto('/signin/student');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const inline = page.locator('form [role="alert"]');
  await expect(inline).toBeVisible();
  const said = await inline.textContent();
  await expect(toast(page, said!)).toBeVisible();
  // The toast closes after 5 s; the form still says why.
  await expect(toast(page, said!)).toBeHidden({ timeout: 10_000 });
  await expect(inline).toHaveText(said!);
});
