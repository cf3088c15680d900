import { expect, type Page, test } from '@playwright/test';
import { approveCompany, axeViolations, day, readyToApply, signUpViaApi, toast } from './support.ts';

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test('a company messages its shortlisted applicants; each reads it filled for them on their timeline', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const open = async () => (await browser.newContext()).newPage();
  const company = await open();
  const asha = await open();
  const staff = await open();

  await signUpViaApi(company, 'company', 'Recruiter');
  await approveCompany(company);
  const role = `Analyst ${Date.now()}`;
  const posted = await company.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role,
        description: 'Numbers',
        qualifications: ['B.Tech'],
        startDate: day(-1),
        applicationDeadline: day(20),
      },
    },
  });
  expect(posted.status()).toBe(201);
  const jobId = ((await posted.json()) as { message: { _id: string } }).message._id;

  await signUpViaApi(asha, 'student', 'Asha');
  await readyToApply(asha);
  const applied = await asha.request.post('/api/student/jobApplyByStudent', { data: { jobID: jobId } });
  expect(applied.status()).toBe(201);

  await company.goto(`/company/applicants?jobId=${jobId}`);
  await company.getByRole('checkbox', { name: 'Select Asha Tester' }).check();
  await company.getByRole('button', { name: 'Shortlist selected' }).click();
  await expect(toast(company, '1 applicant moved to Shortlisted.')).toBeVisible();

  await company.getByLabel('Stage').selectOption('Shortlisted');
  await company.getByLabel('Subject').fill('Online assessment for {jobRole}');
  await company.getByLabel('Message', { exact: true }).fill('Hi {firstName}, the link follows.');
  await expect(company.getByText('Preview for Asha Tester')).toBeVisible();
  await expect(company.getByText('Hi Asha, the link follows.')).toBeVisible();
  expect(await axeViolations(company)).toEqual([]);
  await company.setViewportSize({ width: 375, height: 800 });
  // Once the area has laid itself out for the new width (a frame or two after the resize).
  await expect.poll(() => scrollsSideways(company)).toBe(false);

  await company.getByRole('button', { name: 'Send to 1 applicant' }).click();
  await company.getByRole('dialog').getByRole('button', { name: 'Send to 1 applicant' }).click();
  await expect(toast(company, 'Message sent to 1 recipient.')).toBeVisible();
  await expect(company.getByText('Message: Online assessment for {jobRole}')).toBeVisible();

  await asha.goto('/student/applicationStatus');
  const history = asha.getByRole('list', { name: new RegExp(`^History of ${role}`) });
  await expect(history.getByText(`Message: Online assessment for ${role}`)).toBeVisible();
  await expect(history.getByText('Hi Asha, the link follows.')).toBeVisible();
  // And as a notification (in the bell's panel, closed until opened).
  await expect(
    asha.getByLabel('Notifications', { exact: true }).getByText('Hi Asha, the link follows.'),
  ).toHaveCount(1);

  // Staff open the same form over their filtered student list.
  await signUpViaApi(staff, 'college-staff', 'Officer');
  await staff.goto('/college-staff/students?search=asha');
  await staff.getByRole('button', { name: 'Message these students' }).click();
  await staff.getByLabel('Subject').fill('Pre-placement talk');
  await staff.getByLabel('Message', { exact: true }).fill('Dear {firstName}, see you at 10.');
  await expect(staff.getByText(/^Preview for /)).toBeVisible();
  expect(await axeViolations(staff)).toEqual([]);
});
