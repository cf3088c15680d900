import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request, test } from '@playwright/test';
import { DEFAULT_TIME_ZONE, dateInZone } from '@portal/contracts/dates';

export const STAFF_SIGNUP_CODE = 'e2e-staff-code';
export const PASSWORD = 'secret123';

export type Role = 'student' | 'college-staff' | 'company';

/** A date `offset` days from today in the server's zone (the default TIME_ZONE), as YYYY-MM-DD. */
export const day = (offset: number) =>
  dateInZone(new Date(Date.now() + offset * 86_400_000), DEFAULT_TIME_ZONE);

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * A roll number as a college writes it (`21BCE` and six digits), unique within the college: specs
 * share one database, and a roll number belongs to one student.
 */
export const uniqueRoll = (prefix = '21BCE') =>
  `${prefix}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

/** Fills the role's sign-up form the way a person would and submits it. */
export async function signUpThroughForm(
  page: Page,
  role: Role,
  person: { firstName: string; email: string; company?: string },
) {
  await page.goto(`/signup/${role}`);
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill('Tester');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone').fill('9876543210');
  if (role !== 'student') await page.getByLabel('Staff-ID').fill('1234');
  if (role === 'college-staff') await page.getByLabel('Staff signup code').fill(STAFF_SIGNUP_CODE);
  if (role === 'company') await page.getByLabel('Company Name').fill(person.company ?? 'Playwright Labs');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** A valid sign-up body for the role with this first name and email. */
function signupData(role: Role, firstName: string, email: string) {
  const person = {
    firstName,
    lastName: 'Tester',
    emailID: email,
    phone: '9876543210',
    password: PASSWORD,
    cpass: PASSWORD,
  };
  return role === 'student'
    ? person
    : role === 'college-staff'
      ? { ...person, staffID: '1234', signupCode: STAFF_SIGNUP_CODE }
      : { personalDetail: { ...person, staffID: '1234' }, company: 'Playwright Labs' };
}

/**
 * Signs up through the API (faster, for tests about something else); the page then holds the
 * session. A company starts awaiting the placement cell's approval: see approveCompany.
 */
export async function signUpViaApi(page: Page, role: Role, firstName = 'Api') {
  const email = uniqueEmail(role);
  const response = await page.request.post(`/api/${role}/signup`, {
    data: signupData(role, firstName, email),
  });
  expect(response.status()).toBe(201);
  return email;
}

/**
 * The placement cell approves the company signed in on `page`, through the staff API from a
 * session of its own (a staff member signed up for it), so the company sees students and its jobs
 * reach them. Returns the company's id.
 */
export async function approveCompany(page: Page): Promise<string> {
  const record = await page.request.get('/api/company/getCompanyData');
  expect(record.status()).toBe(200);
  const { message } = (await record.json()) as { message: { _id: string } };
  const staff = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const signup = await staff.post('/api/college-staff/signup', {
      data: signupData('college-staff', 'Approver', uniqueEmail('approver')),
    });
    expect(signup.status()).toBe(201);
    const approved = await staff.put(`/api/college-staff/companies/${message._id}/status`, {
      data: { role: 'Allowed' },
    });
    expect(approved.status()).toBe(200);
  } finally {
    await staff.dispose();
  }
  return message._id;
}

/** The newest toast with exactly this text (an older one with the same text may still be leaving). */
export const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true }).last();

/** A real one-page PDF saying `text`, with a correct cross-reference table, built in memory. */
export function makePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A 1x1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Waits, up to 2 s, until no finite animation runs in the page: a toast sliding in is scanned at
 * its final colours, not half faded (axe read one at #2, the toast's id, as too faint).
 */
async function animationsSettled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => {});
}

/** The rules every page is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's WCAG 2.1 AA violations as axe-core finds them, one line per rule broken: its id,
 * impact, how many elements, and where the first few are. Legacy mode runs axe in the page itself
 * rather than finishing each run in a fresh blank page: the same rules and results (the portal has
 * no cross-origin frames) in half the time, 0.8 s rather than 1.7 s a run on the 2-core machine.
 */
export async function axeViolations(
  page: Page,
  { experimental = false }: { experimental?: boolean } = {},
): Promise<string[]> {
  await animationsSettled(page);
  // Passes and incomplete checks are left out of the results: only violations fail a page.
  // options() replaces every option set before it, so it comes before withTags().
  const results = await new AxeBuilder({ page })
    // A toast on its way out: the library keeps it focusable and drops its role for the exit
    // animation (react-toastify 11), which a scan taken in that second would report.
    .exclude('.Toastify__toast[data-in="false"]')
    .options({ resultTypes: ['violations'] })
    .withTags(experimental ? [...wcag21aa, 'experimental'] : wcag21aa)
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((v) => {
    const targets = v.nodes.map((n) => n.target.join(' ')).slice(0, 8);
    const more = v.nodes.length > targets.length ? ` (+${v.nodes.length - targets.length} more)` : '';
    return `${v.id} [${v.impact}] ${v.nodes.length} element(s): ${v.help}\n    ${targets.join('\n    ')}${more}`;
  });
}

/**
 * Gives the signed-in student on `page` what every application needs: academic details (a roll
 * number with letters, as colleges write them, when the server takes text) and a resume.
 */
export async function readyToApply(
  page: Page,
  academics: { rollNumber?: string; degrees?: string[]; cgpa?: number } = {},
) {
  const record = await page.request.put('/api/student/updateProfileDetail', {
    data: {
      typ: 'educationalDetails',
      value: {
        rollNumber: uniqueRoll(),
        degrees: ['B.Tech CSE'],
        collegeName: 'GEC',
        cgpa: 8.1,
        yearOfPassing: 2026,
        ...academics,
      },
    },
  });
  expect(record.status()).toBe(200);
  const upload = await page.request.post('/api/student/uploadResume', {
    multipart: { resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: makePdf('Resume') } },
  });
  expect(upload.status()).toBe(200);
}
