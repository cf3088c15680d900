import { expect, type Page, test } from '@playwright/test';
import { companyCollegeMessages } from '@portal/contracts/companies';
import {
  axeViolations,
  day,
  readyToApply,
  signUpThroughForm,
  signUpViaApi,
  toast,
  uniqueEmail,
} from './support.ts';

// The browser tests' server starts with a second college, "North College" at /c/north/
// (playwright.config.ts runs `npm run college -- add north "North College"` before it).

/** Staff approve the company on their Companies page, as a placement officer does. */
async function approve(staff: Page, companyName: string) {
  await staff.goto('/college-staff/companies?status=Pending');
  await staff.getByRole('button', { name: `Approve ${companyName}` }).click();
  await staff.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(toast(staff, 'Company approved.')).toBeVisible();
}

/** A student applies from the vacancy list, through the review. */
async function applyTo(student: Page, role: string) {
  await student.goto('/student/jobVacancies');
  await student.getByRole('searchbox', { name: 'Search jobs' }).fill(role);
  await student.getByRole('button', { name: `Apply to ${role}` }).click();
  await student
    .getByRole('dialog', { name: 'Review your application' })
    .getByRole('button', { name: 'Submit application' })
    .click();
  await expect(toast(student, 'Application submitted successfully.')).toBeVisible();
}

test('a company asks two colleges, each approves it, it posts one job to both, a student of each applies, and each college sees only its own student', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const open = async () => (await browser.newContext()).newPage();
  const [company, staffMain, staffNorth, studentMain, studentNorth] = await Promise.all([
    open(),
    open(),
    open(),
    open(),
    open(),
  ]);
  const stamp = Date.now().toString(36);
  const companyName = `Two Campus ${stamp} Labs`;

  // The company signs up on the first college's page and asks North College from its profile.
  await signUpThroughForm(company, 'company', {
    firstName: 'Rhea',
    email: uniqueEmail('two-campus'),
    company: companyName,
  });
  await expect(company).toHaveURL(/:\d+\/company\/?(dashboard)?$/);
  await company.goto('/company/profile');
  const colleges = company.locator('section', { has: company.getByRole('heading', { name: 'Colleges' }) });
  await colleges.getByRole('button', { name: 'Ask to recruit at North College' }).click();
  await expect(toast(company, companyCollegeMessages.asked('North College'))).toBeVisible();
  await expect(colleges.getByText('Pending')).toHaveCount(2);
  expect(await axeViolations(company)).toEqual([]);

  // Each college's staff approve it on their own: the first college's, and North's, who sign up
  // at North's address (its sign-up page names the college).
  await signUpViaApi(staffMain, 'college-staff', 'Meera');
  await approve(staffMain, companyName);
  await staffNorth.goto('/c/north/signup/college-staff');
  await expect(staffNorth).toHaveURL(/\/signup\/college-staff$/);
  await expect(staffNorth.getByText('North College', { exact: true })).toBeVisible();
  await signUpThroughForm(staffNorth, 'college-staff', {
    firstName: 'Nikhil',
    email: uniqueEmail('north-staff'),
  });
  await expect(staffNorth).toHaveURL(/:\d+\/college-staff\/?(dashboard)?$/);
  await approve(staffNorth, companyName);
  await company.goto('/company/profile');
  await expect(colleges.getByText('Allowed')).toHaveCount(2);

  // One job, posted to both colleges (both ticked, as every college that allows the company is).
  const role = `Two Campus Engineer ${stamp}`;
  await company.goto('/company/jobposts');
  const choice = company.getByRole('group', { name: 'Post to colleges' });
  await expect(choice.getByRole('checkbox', { name: 'North College' })).toBeChecked();
  await expect(choice.getByRole('checkbox')).toHaveCount(2);
  await company.getByLabel('Job Role').fill(role);
  await company.getByLabel('Job Description').fill('Build and run our services.');
  await company.getByLabel('Qualifications').fill('B.Tech in CSE.');
  await company.getByLabel('Applications open').fill(day(-1));
  await company.getByLabel('Application deadline').fill(day(20));
  await company.getByRole('button', { name: 'Post Job' }).click();
  await expect(toast(company, 'Job posted successfully.')).toBeVisible();

  // A student of each college applies: the first college's signs up on its page, North's at
  // North's address.
  const mainName = `Meher${stamp}`;
  const northName = `Naveen${stamp}`;
  await signUpThroughForm(studentMain, 'student', {
    firstName: mainName,
    email: uniqueEmail('main-student'),
  });
  await expect(studentMain).toHaveURL(/:\d+\/student\/profile$/);
  await studentNorth.goto('/c/north/signup/student');
  await expect(studentNorth.getByText('North College', { exact: true })).toBeVisible();
  await signUpThroughForm(studentNorth, 'student', {
    firstName: northName,
    email: uniqueEmail('north-student'),
  });
  await expect(studentNorth).toHaveURL(/:\d+\/student\/profile$/);
  await readyToApply(studentMain);
  await readyToApply(studentNorth);
  await applyTo(studentMain, role);
  await applyTo(studentNorth, role);

  // The company sees both applicants; each college's staff see only their own student.
  await company.goto('/company/applicants');
  const applicants = company.getByRole('main');
  await expect(applicants.getByText(`${mainName} Tester`).first()).toBeVisible();
  await expect(applicants.getByText(`${northName} Tester`).first()).toBeVisible();
  for (const [staff, own, other] of [
    [staffMain, mainName, northName],
    [staffNorth, northName, mainName],
  ] as const) {
    await staff.goto(`/college-staff/students?search=${own.toLowerCase()}`);
    await expect(staff.getByRole('main').getByText(`${own} Tester`).first()).toBeVisible();
    await staff.goto(`/college-staff/students?search=${other.toLowerCase()}`);
    await expect(staff.getByText('No students match these filters.')).toBeVisible();
    const read = await staff.request.get(`/api/college-staff/students?search=${other.toLowerCase()}`);
    expect((await read.json()).message.total).toBe(0);
  }
  await staffNorth.setViewportSize({ width: 375, height: 800 });
  await staffNorth.goto('/college-staff/companies');
  await expect(staffNorth.getByText(companyName).first()).toBeVisible();
  expect(await axeViolations(staffNorth)).toEqual([]);

  // Allowed at both, the company chooses whose students it browses: the first college's at first.
  await company.goto(`/company/students?search=${northName.toLowerCase()}`);
  const college = company.getByRole('combobox', { name: 'College' });
  await expect(college.locator('option:checked')).not.toHaveText('North College');
  await expect(company.getByText('No students match these filters.')).toBeVisible();
  await college.selectOption({ label: 'North College' });
  await expect(company.getByRole('link', { name: `Details of ${northName} Tester` })).toBeVisible();
  expect(await axeViolations(company)).toEqual([]);

  // It takes the job back from North: North's student no longer finds it.
  await company.goto('/company/jobposts');
  await company.getByRole('button', { name: `Edit ${role}` }).click();
  const edit = company.getByRole('group', { name: 'Post to colleges' }).last();
  await edit.getByRole('checkbox', { name: 'North College' }).uncheck();
  await company.getByRole('button', { name: 'Save job' }).click();
  await expect(toast(company, 'Job updated.')).toBeVisible();
  await studentNorth.goto('/student/jobVacancies');
  await studentNorth.getByRole('searchbox', { name: 'Search jobs' }).fill(role);
  await expect(studentNorth.getByRole('button', { name: `Apply to ${role}` })).toHaveCount(0);
  await studentMain.goto('/student/jobVacancies');
  await studentMain.getByRole('searchbox', { name: 'Search jobs' }).fill(role);
  await expect(studentMain.getByText(role).first()).toBeVisible();
});

// The demo staff member (npm run seed) is the university's placement director (npm run college --
// director staff@example.com, as playwright.config.ts starts the server).
test("the university's placement director reads each college's figures side by side, at 1280 and 375 px", async ({
  page,
}) => {
  const signin = await page.request.post('/api/college-staff/signin', {
    data: { emailID: 'staff@example.com', password: 'staff123' },
  });
  expect(signin.status()).toBe(200);
  await page.goto('/college-staff/dashboard');
  await page.getByRole('link', { name: 'University' }).first().click();
  await expect(page).toHaveURL(/\/college-staff\/university$/);
  const table = page.getByRole('table', { name: 'Placement by college' });
  const rows = table.getByRole('rowheader');
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toHaveText('North College');
  await expect(table.getByRole('columnheader', { name: 'Placement rate' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(table.getByRole('rowheader', { name: 'North College' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The page does not scroll sideways; the table scrolls within its own frame.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(1);
});
