import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  approveCompany,
  axeViolations,
  day,
  makePdf,
  PASSWORD,
  signUpThroughForm,
  signUpViaApi,
  tinyPng,
  toast,
  uniqueEmail,
  readyToApply,
  uniqueRoll,
} from './support.ts';

test('a student goes from sign-up through their profile to applying and seeing the application', async ({
  page,
  browser,
}, info) => {
  // The whole story in one test: sign-up, profile, picture, resume, entries, applying.
  test.setTimeout(90_000);
  // A role of its own, so a retry does not meet the job its first attempt posted.
  const role = `Graduate Engineer ${info.retry}-${Date.now() % 100_000}`;
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  // A company with one open job the student is eligible for.
  const companyContext = await browser.newContext();
  const companyPage = await companyContext.newPage();
  await signUpViaApi(companyPage, 'company', 'Recruiter');
  await approveCompany(companyPage);
  const posted = await companyPage.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role,
        description: 'Build the placement portal of tomorrow.',
        qualifications: ['B.Tech', 'Curiosity'],
        startDate: day(-1),
        applicationDeadline: day(14),
        minCgpa: 7,
      },
    },
  });
  expect(posted.status()).toBe(201);
  await companyContext.close();

  await signUpThroughForm(page, 'student', { firstName: 'Meena', email: uniqueEmail('walk') });
  await expect(page).toHaveURL('/student/profile');

  // Profile: fields are locked until their edit toggle is pressed.
  const fathersName = page.getByRole('textbox', { name: "Father's Name", exact: true });
  await fathersName.click();
  await expect(toast(page, 'Please click on the edit button to edit the fields.')).toBeVisible();
  await page.getByRole('button', { name: "Edit Father's Name" }).click();
  await fathersName.fill('Ramesh Iyer');
  await page.getByRole('button', { name: "Edit Mother's Name" }).click();
  await page.getByRole('textbox', { name: "Mother's Name", exact: true }).fill('Lata Iyer');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Details Updated Succesfully')).toBeVisible();

  // Picture.
  await page
    .getByLabel('Profile picture file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(toast(page, 'Profile picture updated.')).toBeVisible();
  await expect(page.locator('img[src^="/api/files/"]').first()).toBeVisible();

  // Academic details.
  await page.getByRole('link', { name: 'Academic Details', exact: true }).click();
  await expect(page).toHaveURL('/student/academicDetails');
  for (const [label, value] of [
    ['Roll Number', uniqueRoll()],
    ['College Name', 'Government Engineering College'],
    ['CGPA', '8.2'],
    ['Year of Passing', '2026'],
  ] as const) {
    await page.getByRole('button', { name: `Edit ${label}` }).click();
    await page
      .getByRole('textbox', { name: label, exact: true })
      .or(page.getByRole('spinbutton', { name: label, exact: true }))
      .fill(value);
  }
  await page.getByRole('button', { name: 'Edit Degrees' }).click();
  await page.getByRole('textbox', { name: 'Degree 1', exact: true }).fill('B.Tech CSE');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Details Updated Succesfully')).toBeVisible();

  // Resume: upload, then page 1 renders in the viewer.
  await page.getByRole('link', { name: 'Resume' }).click();
  await expect(page.getByText('Please upload a valid resume in PDF format.')).toBeVisible();
  await page.getByLabel('Resume file').setInputFiles({
    name: 'resume.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Meena Iyer - Resume'),
  });
  await expect(toast(page, 'Resume uploaded successfully.')).toBeVisible();
  await expect(page.locator('.react-pdf__Page__canvas')).toBeVisible({ timeout: 15_000 });
  // Page 1 really painted: the canvas holds dark pixels (the text), not just a white sheet.
  await expect
    .poll(() =>
      page.locator('.react-pdf__Page__canvas').evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
        return dark;
      }),
    )
    .toBeGreaterThan(50);
  await page.screenshot({ path: info.outputPath('student-resume.png'), fullPage: true });

  // An internship and a project, numbered from 1.
  await page.getByRole('link', { name: 'Previous Internships' }).click();
  await expect(
    page.getByText("You don't have any internship. Please fill up above form to add one."),
  ).toBeVisible();
  await page.getByLabel('Company', { exact: true }).fill('Infosys');
  await page.getByLabel('Role', { exact: true }).fill('Backend Intern');
  await page.getByLabel('Duration', { exact: true }).fill('2 months');
  await page.getByLabel('Description', { exact: true }).fill('Built REST APIs.');
  await page.getByRole('button', { name: 'Add Internship' }).click();
  await expect(toast(page, 'Details Updated Succesfully')).toBeVisible();
  await expect(page.getByText('Backend Intern')).toBeVisible();

  await page.getByRole('link', { name: 'Projects' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Placement Portal');
  await page.getByLabel('Link', { exact: true }).fill('https://example.com/portal');
  await page.getByLabel('Duration', { exact: true }).fill('3 weeks');
  await page.getByLabel('Description', { exact: true }).fill('A web app for placements.');
  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(
    page.getByRole('link', { name: /example\.com\/portal|Placement Portal/ }).first(),
  ).toBeVisible();

  // Apply, then see it on Application Status.
  await page.getByRole('link', { name: 'Job Vacancies' }).click();
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(role);
  // The search lands in the URL once typing pauses; navigating away before then races it.
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('button', { name: `Apply to ${role}` }).click();
  // The review shows what the company will read before anything is sent.
  const review = page.getByRole('dialog', { name: 'Review your application' });
  await expect(review.getByText('View the resume you will send')).toBeVisible();
  await review.getByRole('button', { name: 'Submit application' }).click();
  await expect(toast(page, 'Application submitted successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Applied to ${role}` })).toBeDisabled();

  await page.getByRole('link', { name: 'Application Status' }).click();
  await expect(page.getByText(role)).toBeVisible();
  await expect(page.getByText('Form Submitted').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('student-application-status.png'), fullPage: true });

  expect(cspViolations).toEqual([]);
});

test('an ineligible student sees the reason instead of an Apply button', async ({ page, browser }) => {
  const companyContext = await browser.newContext();
  const companyPage = await companyContext.newPage();
  await signUpViaApi(companyPage, 'company');
  await approveCompany(companyPage);
  await companyPage.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role: 'Research Fellow',
        description: 'Top of the class only.',
        qualifications: ['M.Tech'],
        startDate: day(-1),
        applicationDeadline: day(5),
        minCgpa: 9.5,
      },
    },
  });
  await companyContext.close();

  await signUpViaApi(page, 'student');
  await page.request.put('/api/student/updateProfileDetail', {
    data: {
      typ: 'educationalDetails',
      value: {
        rollNumber: uniqueRoll(),
        degrees: ['B.Tech CSE'],
        collegeName: 'GEC',
        cgpa: 6.9,
        yearOfPassing: 2026,
      },
    },
  });
  await page.goto('/student/jobVacancies');
  // Eligible only is on by default, so the job is not listed until it is unticked.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('Research Fellow');
  await expect(page.getByText('No jobs match these filters.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Eligible only' }).uncheck();
  await expect(page.getByText('Minimum CGPA 9.5; yours is 6.9')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply to Research Fellow' })).toHaveCount(0);
});

test('a student changes their password and signs in with the new one', async ({ page }) => {
  const email = await signUpViaApi(page, 'student');
  await page.goto('/student/resetPassword');
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('fresh-pass-1');
  await page.getByLabel('Confirm New Password').fill('fresh-pass-1');
  await page.getByRole('button', { name: /change password|reset password|save/i }).click();
  await expect(toast(page, 'Password changed successfully.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/signin/student');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('fresh-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/student');
});

/** A company posts an open job anyone may apply to; a student with an academic record is signed in on `page`. */
async function studentWithAJob(browser: Browser, page: Page, role: string) {
  const companyContext = await browser.newContext();
  const companyPage = await companyContext.newPage();
  await signUpViaApi(companyPage, 'company');
  await approveCompany(companyPage);
  const posted = await companyPage.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role,
        description: 'Sent rendered by the server.',
        qualifications: ['B.Tech'],
        startDate: day(-1),
        applicationDeadline: day(10),
      },
    },
  });
  expect(posted.status()).toBe(201);
  await companyContext.close();

  await signUpViaApi(page, 'student', 'Rendered');
  await readyToApply(page, { degrees: ['B.Tech CSE'] });
}

test('the vacancy page arrives rendered with the student’s jobs, its controls waiting for the app', async ({
  browser,
}, info) => {
  const role = `Rendered Analyst ${info.retry}-${Date.now() % 100_000}`;
  // None of the app's scripts arrives: what shows is what the server sent.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/assets/*.js', (route) => route.abort());
  await studentWithAJob(browser, page, role);

  const response = await page.goto(`/student/jobVacancies?search=${encodeURIComponent(role)}`);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { name: role })).toBeVisible();
  await expect(page.getByText('Rendered Tester').first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Apply to ${role}` })).toBeDisabled();
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue(role);
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeDisabled();
  // The side menu is the CSS's choice until the app knows the width: a column on a desktop...
  await expect(page.getByRole('navigation', { name: 'Student Dashboard menu' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // ...and a closed drawer on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Student Dashboard menu' })).toBeHidden();
  await expect(page.getByRole('heading', { name: role })).toBeVisible();
  await page.screenshot({ path: info.outputPath('vacancies-sent-rendered-375.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // Signed out, the same address carries nobody's data: the plain app, which sends the visitor to sign in.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.route('**/assets/*.js', (route) => route.abort());
  await visitorPage.goto(`/student/jobVacancies?search=${encodeURIComponent(role)}`);
  await expect(visitorPage.locator('#root')).toBeEmpty();
  await visitor.close();
  await context.close();
});

test('the app takes the rendered vacancy page over without asking again, and Apply works', async ({
  browser,
  page,
}, info) => {
  const role = `Takeover Analyst ${info.retry}-${Date.now() % 100_000}`;
  await studentWithAJob(browser, page, role);
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  // React reports a page that does not match its first render (a hydration error) on the console.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  // The app's entry waits until the page as sent has been looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/student/jobVacancies?search=${encodeURIComponent(role)}`);
  const apply = page.getByRole('button', { name: `Apply to ${role}` });
  const sentHeading = await page.getByRole('heading', { name: role }).elementHandle();
  await expect(apply).toBeDisabled();
  release();
  await expect(apply).toBeEnabled();
  // The app adopted the page as it was sent (hydration): the same elements, not a copy drawn again.
  expect(await sentHeading?.evaluate((heading) => heading.isConnected)).toBe(true);
  // The role, the record and the list came with the page (the bell's notifications, the live
  // stream and the menu's coordinator days did not).
  const sideCalls = ['/api/notifications', '/api/live', '/api/coordinator/assignments'];
  expect(asked.filter((path) => !sideCalls.includes(path))).toEqual([]);
  expect(errors).toEqual([]);

  await apply.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit application' }).click();
  await expect(toast(page, 'Application submitted successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Applied to ${role}` })).toBeDisabled();
  // The filters work as before: the URL follows the checkbox.
  await page.getByRole('checkbox', { name: 'Eligible only' }).uncheck();
  await expect(page).toHaveURL(/eligibleOnly=false/);
});
