import { expect, type Page, test } from '@playwright/test';
import { axeViolations, signUpViaApi, uniqueEmail } from './support.ts';

const header = 'Roll Number,First Name,Last Name,Email,Phone,Degrees,CGPA,Year of Passing';
const csv = (...rows: string[]) => ({
  name: 'students.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([header, ...rows].join('\n') + '\n'),
});

async function previewFile(page: Page, file: ReturnType<typeof csv>) {
  await page.getByLabel('CSV or XLSX file').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByRole('heading', { name: 'Preview of students.csv' })).toBeVisible();
}

test('staff upload a CSV, read the preview, fix an error, confirm, and find the new student', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(60_000);
  // An existing student the file updates (matched by email).
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  const existing = await signUpViaApi(studentPage, 'student', 'Imported');
  await studentContext.close();

  const first = `Ira${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const newEmail = uniqueEmail('imported');
  await signUpViaApi(page, 'college-staff', 'Nisha');
  await page.goto('/college-staff');
  await page.getByRole('link', { name: 'Import Students' }).first().click();
  await expect(page).toHaveURL(/\/college-staff\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Students', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the template (CSV)' })).toHaveAttribute(
    'href',
    '/api/college-staff/imports/template.csv',
  );

  // A CGPA of 12 is an error: the preview names its row and column, and confirming is not offered.
  await previewFile(
    page,
    csv(`7101,${first},Rao,${newEmail},9000000001,B.Tech,8.2,2026`, `,,,${existing},,,12,`),
  );
  const errors = page.getByRole('table', { name: /Errors/ });
  await expect(errors).toContainText('3');
  await expect(errors).toContainText('CGPA');
  await expect(errors).toContainText('Please enter a valid CGPA.');
  await expect(page.getByRole('button', { name: 'Confirm import' })).toBeDisabled();

  // The fixed file: one student to create, one to update.
  await previewFile(
    page,
    csv(`7101,${first},Rao,${newEmail},9000000001,B.Tech,8.2,2026`, `,,,${existing},,,9.4,`),
  );
  await expect(page.getByRole('heading', { name: 'To create (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'To update (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Errors (0)' })).toBeVisible();
  await expect(page.getByRole('table', { name: /To create/ })).toContainText(newEmail);
  const updates = page.getByRole('table', { name: /To update/ });
  await expect(updates).toContainText('CGPA:');
  await expect(updates).toContainText('9.4');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  // The area lays itself out for a phone once it hears of the new width (a frame or two later):
  // the page must fit once it has, not in the instant after the resize (one CI run caught 428 px).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: info.outputPath('import-preview-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Confirm import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import applied' })).toContainText(
    '1 student added, 1 updated',
  );

  await page.getByRole('link', { name: 'Go to the student list' }).click();
  await page.getByLabel('Search by name').fill(first.toLowerCase());
  await expect(
    page
      .getByRole('button', { name: `Details of ${first} Rao` })
      .or(page.getByRole('link', { name: `Details of ${first} Rao` })),
  ).toBeVisible();
});
