import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { makePdf, signUpViaApi, toast, uniqueRoll } from './support.ts';

const unique = (prefix: string) =>
  `${prefix}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

test('a graduate downloads their data, then the placement cell closes the account', async ({ browser }) => {
  test.setTimeout(90_000);
  const open = async () => (await browser.newContext()).newPage();
  const student = await open();
  const staff = await open();

  const name = unique('Kavya');
  await signUpViaApi(student, 'student', name);
  const education = await student.request.put('/api/student/updateProfileDetail', {
    data: {
      typ: 'educationalDetails',
      value: {
        rollNumber: uniqueRoll(),
        degrees: ['B.Tech CSE'],
        collegeName: 'GEC',
        cgpa: 7.9,
        yearOfPassing: 2020,
      },
    },
  });
  expect(education.status()).toBe(200);
  const upload = await student.request.post('/api/student/uploadResume', {
    multipart: {
      resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: makePdf(`${name} - Resume`) },
    },
  });
  expect(upload.status()).toBe(200);
  const me = await (await student.request.get('/api/student/getUserData')).json();
  const fullName = `${me.message.personalDetail.firstName} ${me.message.personalDetail.lastName}`;

  // The student saves the ZIP from a plain link.
  await student.goto('/student/profile');
  const downloading = student.waitForEvent('download');
  await student.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('files/resume.pdf'))).toBe(true);

  // The placement cell closes the account from the record page.
  await signUpViaApi(staff, 'college-staff', 'Meera');
  await staff.goto(`/college-staff/studentDetails/${me.message._id}`);
  await staff.getByRole('button', { name: 'Close account and erase personal data' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Close this account and erase personal data?' });
  await dialog.getByLabel(`Type “${fullName}” to confirm`).fill(fullName);
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Graduated in 2020');
  await dialog.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(toast(staff, 'Account closed and personal data erased.')).toBeVisible();
  await expect(
    staff.getByText('This account was already closed and its personal data erased.'),
  ).toBeVisible();
  // The record shows the account as Erased, with no form to edit it back.
  await expect(staff.getByText('Account: Erased')).toBeVisible();
  await expect(
    staff.getByText(
      'This account is closed and its personal data erased: the record can no longer be edited.',
    ),
  ).toBeVisible();
  await expect(staff.getByLabel('Account status')).toHaveCount(0);

  // The student's session ended with the account.
  expect((await student.request.get('/api/student/getUserData')).status()).toBe(401);
});
