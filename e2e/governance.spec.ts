import { expect, test } from '@playwright/test';
import { PASSWORD, signUpViaApi, toast, uniqueEmail, uniqueRoll } from './support.ts';

/** A name no other test (or retry) uses, so searches and lists find only this run's people. */
const unique = (prefix: string) =>
  `${prefix}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

test('the placement cell approves a recruiter before it sees anyone, and the student sees who looked', async ({
  browser,
}, info) => {
  // Three people through some thirty steps: 40 s on a quiet machine, but 90–96 s in a CI run while
  // other work loaded the 2 cores (docs/testing.md), so 90 s was too tight.
  test.setTimeout(180_000);
  const open = async () => (await browser.newContext()).newPage();
  const staff = await open();
  const company = await open();
  const student = await open();

  // A student with academic details.
  const studentName = unique('Kavya');
  await signUpViaApi(student, 'student', studentName);
  const education = await student.request.put('/api/student/updateProfileDetail', {
    data: {
      typ: 'educationalDetails',
      value: {
        rollNumber: uniqueRoll(),
        degrees: ['B.Tech CSE'],
        collegeName: 'GEC',
        cgpa: 7.4,
        yearOfPassing: 2026,
      },
    },
  });
  expect(education.status()).toBe(200);

  // A recruiter signs up through the form and is told the company awaits approval.
  const companyName = `${unique('Orbit')} Systems`;
  await company.goto('/signup/company');
  await company.getByLabel('First Name').fill('Rhea');
  await company.getByLabel('Last Name').fill('Kapoor');
  await company.getByLabel('Email').fill(uniqueEmail('recruiter'));
  await company.getByLabel('Phone').fill('9876543210');
  await company.getByLabel('Staff-ID').fill('4242');
  await company.getByLabel('Company Name').fill(companyName);
  await company.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await company.getByLabel('Confirm Password').fill(PASSWORD);
  await company.getByRole('button', { name: 'Sign Up' }).click();
  const banner = company
    .getByRole('status')
    .filter({ hasText: 'Your company is awaiting approval by the placement cell.' });
  await expect(banner).toBeVisible();
  await company.goto('/company/students');
  await expect(
    company.getByText('Your company is awaiting approval by the placement cell.').first(),
  ).toBeVisible();
  const refused = await company.request.get('/api/company/students');
  expect(refused.status()).toBe(403);
  await company.screenshot({ path: info.outputPath('company-pending.png'), fullPage: true });

  // Staff see it waiting on their home and approve it.
  await signUpViaApi(staff, 'college-staff', 'Nisha');
  await staff.goto('/college-staff/dashboard');
  await staff
    .getByRole('region', { name: 'Waiting for you' })
    .getByRole('link', { name: /^\d+ compan(y awaits|ies await) approval$/ })
    .click();
  await expect(staff).toHaveURL(/\/college-staff\/companies\?status=Pending/);
  await staff.getByRole('button', { name: `Approve ${companyName}` }).click();
  await staff.getByLabel('Reason (optional)').fill('Verified with the company’s HR');
  await staff.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(toast(staff, 'Company approved.')).toBeVisible();

  // The approved company opens the student's record.
  await company.goto('/company/students');
  await expect(banner).toHaveCount(0);
  await company.getByLabel('Search by name').fill(studentName.toLowerCase());
  await company
    .getByRole('link', { name: `Details of ${studentName} Tester` })
    .first()
    .click();
  // The record page itself (the list's card carries the same name as a heading).
  await expect(company).toHaveURL(/\/company\/studentDetails\/[0-9a-f-]{36}$/);
  await expect(company.getByRole('heading', { name: `${studentName} Tester` })).toBeVisible();
  await expect(company.getByText('B.Tech CSE').first()).toBeVisible();

  // The student sees that company under "Who viewed your profile".
  await student.goto('/student/profile');
  const views = student
    .getByRole('region', { name: 'Who viewed your profile' })
    .or(
      student.locator('section', { has: student.getByRole('heading', { name: 'Who viewed your profile' }) }),
    );
  await expect(views.first()).toContainText(companyName);
  await expect(views.first()).toContainText('Opened your record');

  // Staff verify the student's academic details.
  await staff.goto(`/college-staff/students?search=${studentName.toLowerCase()}`);
  await staff
    .getByRole('link', { name: `Details of ${studentName} Tester` })
    .or(staff.getByRole('button', { name: `Details of ${studentName} Tester` }))
    .first()
    .click();
  await staff.getByRole('checkbox', { name: 'Verified' }).check();
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(toast(staff, 'Student details updated successfully.')).toBeVisible();
  await expect(staff.getByText(/^Verified by Nisha Tester on \d{4}-\d{2}-\d{2}$/)).toBeVisible();

  // The student changes their CGPA: it waits for the placement cell.
  await student.goto('/student/academicDetails');
  await expect(student.getByText(/^Verified by Nisha Tester on/)).toBeVisible();
  await student.getByRole('button', { name: 'Edit CGPA' }).click();
  await student
    .getByRole('spinbutton', { name: 'CGPA', exact: true })
    .or(student.getByRole('textbox', { name: 'CGPA', exact: true }))
    .fill('8.9');
  await student.getByRole('button', { name: 'Save' }).click();
  await expect(toast(student, 'Sent to the placement cell for approval.')).toBeVisible();
  const record = await (await student.request.get('/api/student/getUserData')).json();
  expect(record.message.educationalDetails.cgpa).toBe(7.4);

  // Staff approve the change; the record now holds it, still verified.
  await staff.goto('/college-staff/verification');
  await staff.getByRole('button', { name: `Approve the change for ${studentName} Tester` }).click();
  await expect(toast(staff, 'Change approved and applied to the record.')).toBeVisible();
  await staff.screenshot({ path: info.outputPath('staff-verification.png'), fullPage: true });
  const after = await (await student.request.get('/api/student/getUserData')).json();
  expect(after.message.educationalDetails).toMatchObject({ cgpa: 8.9, verified: true });

  for (const page of [staff, company, student]) await page.context().close();
});
