import { expect, type Locator, type Page, test } from '@playwright/test';
import { approveCompany, day, PASSWORD, readyToApply, signUpViaApi, toast } from './support.ts';

/**
 * Counts what the person does with the mouse: every click goes through `click`, so the count is
 * the story's clicks (typing is not counted, as in issue 28's target).
 */
function clickCounter() {
  let clicks = 0;
  return {
    click: async (target: Locator) => {
      clicks += 1;
      await target.click();
    },
    get count() {
      return clicks;
    },
  };
}

async function companyWithJob(page: Page, role: string) {
  await signUpViaApi(page, 'company', 'Clicks');
  await approveCompany(page);
  const posted = await page.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role,
        description: 'Keep the lights on.',
        qualifications: ['B.Tech'],
        startDate: day(-1),
        applicationDeadline: day(3),
        location: 'Chennai',
        workMode: 'Hybrid',
        package: 9,
      },
    },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()) as { message: { _id: string } }).message._id;
}

test('a student goes from the sign-in page to an application submitted after review in at most 4 clicks', async ({
  browser,
}, info) => {
  const role = `Click Analyst ${info.retry}-${Date.now() % 100_000}`;
  const companyContext = await browser.newContext();
  await companyWithJob(await companyContext.newPage(), role);
  await companyContext.close();

  // A student with a complete profile (academics and a resume), signed out.
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  const email = await signUpViaApi(setupPage, 'student', 'Clicky');
  await readyToApply(setupPage);
  await setup.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = clickCounter();
  await page.goto('/signin/student');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await user.click(page.getByRole('button', { name: 'Sign In' }));
  await expect(page).toHaveURL('/student');

  await user.click(page.getByRole('link', { name: 'Job Vacancies', exact: true }));
  // Typing the role narrows the list (no click); the job's card then offers Apply.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(role);
  await expect(page).toHaveURL(/search=/);
  await user.click(page.getByRole('button', { name: `Apply to ${role}` }));

  const review = page.getByRole('dialog', { name: 'Review your application' });
  await expect(review.getByText('Clicky Tester')).toBeVisible();
  await expect(review.getByRole('link', { name: /View the resume you will send/ })).toBeVisible();
  await user.click(review.getByRole('button', { name: 'Submit application' }));
  await expect(toast(page, 'Application submitted successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Applied to ${role}` })).toBeDisabled();

  expect(user.count).toBeLessThanOrEqual(4);
  await context.close();
});

test('a new account with nothing on its profile cannot apply with one tap: the review says what to add', async ({
  browser,
  page,
}, info) => {
  const role = `Empty Profile Analyst ${info.retry}-${Date.now() % 100_000}`;
  const companyContext = await browser.newContext();
  const jobId = await companyWithJob(await companyContext.newPage(), role);
  await companyContext.close();

  await signUpViaApi(page, 'student', 'Fresh');
  // "Eligible only" (the default) leaves the job out: nobody can apply with an empty profile.
  await page.goto(`/student/jobVacancies?search=${encodeURIComponent(role)}`);
  await expect(page.getByText('No jobs match these filters.')).toBeVisible();

  // The job's page says where and how, and Apply's review lists what is missing.
  await page.goto(`/student/jobs/${jobId}`);
  await expect(page.getByRole('heading', { name: role })).toBeVisible();
  await expect(page.getByText('Chennai · Hybrid')).toBeVisible();
  await expect(page.getByText('closes in 3 days', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: `Apply to ${role}` }).click();
  const review = page.getByRole('dialog', { name: 'Review your application' });
  await expect(review.getByRole('link', { name: 'Add your roll number' })).toBeVisible();
  await expect(review.getByRole('link', { name: 'Add your resume' })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Submit application' })).toBeDisabled();
  // The server refuses it too, with the same words.
  const refused = await page.request.post('/api/student/jobApplyByStudent', { data: { jobID: jobId } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    message: 'Please add your roll number, CGPA, degree and resume to your profile before applying.',
  });
});

test('a student withdraws an application before it is shortlisted', async ({ browser, page }, info) => {
  const role = `Withdraw Analyst ${info.retry}-${Date.now() % 100_000}`;
  const companyContext = await browser.newContext();
  const jobId = await companyWithJob(await companyContext.newPage(), role);
  await companyContext.close();

  await signUpViaApi(page, 'student', 'Leaving');
  await readyToApply(page);
  const applied = await page.request.post('/api/student/jobApplyByStudent', { data: { jobID: jobId } });
  expect(applied.status()).toBe(201);

  await page.goto(`/student/jobs/${jobId}`);
  await page.getByRole('button', { name: 'Withdraw application' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw this application?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(toast(page, 'Application withdrawn.')).toBeVisible();
  await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw application' })).toHaveCount(0);
});
