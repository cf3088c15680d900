import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import type { CreateEventBody } from '@portal/contracts/events';
import { events as messages } from '@portal/contracts/messages';
import { approveCompany, axeViolations, readyToApply, signUpViaApi, toast } from './support.ts';

/*
 * QR attendance through a real camera pipeline: the student's page draws the code; its pixels
 * become a Y4M video that Chromium's fake camera plays to the staff's scan page (qr-scanner in the
 * browser), which sends what it reads to the server.
 */

const FRAME_WIDTH = 640;
const FRAME_HEIGHT = 480;

/** WCAG 2.1 A/AA and axe's experimental rules, at the desktop width and at 375 px. */
async function expectAxeClean(page: Page) {
  expect(await axeViolations(page, { experimental: true })).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await axeViolations(page, { experimental: true })).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** An event for the whole college, made by the signed-in staff member through the API; its id. */
async function staffEvent(
  staff: Page,
  event: Pick<
    CreateEventBody,
    'kind' | 'title' | 'description' | 'startsAt' | 'endsAt' | 'place' | 'capacity'
  >,
) {
  const body: CreateEventBody = {
    ...event,
    onlineLink: '',
    audience: 'college',
    jobId: null,
    stage: null,
    requiredToApply: false,
  };
  const created = await staff.request.post('/api/college-staff/events', { data: body });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { message: { id: string } }).message.id;
}

/** The QR canvas's pixels as luma (0-255), read in the page. */
async function qrPixels(page: Page) {
  return page.getByTestId('attendance-qr').evaluate((node) => {
    const canvas = node as HTMLCanvasElement;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const luma: number[] = [];
    for (let i = 0; i < data.length; i += 4) {
      luma.push(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
    }
    return { width: canvas.width, height: canvas.height, luma };
  });
}

/**
 * A Y4M video (YUV4MPEG2, 4:2:0) of the code centred on a white frame: the header, then frames of
 * 'FRAME', the Y plane and the U and V planes (grey, 128). Luma is scaled to video range (16-235).
 */
function y4mOf(code: { width: number; height: number; luma: number[] }, frames = 10): Buffer {
  const y = Buffer.alloc(FRAME_WIDTH * FRAME_HEIGHT, 235);
  const left = Math.floor((FRAME_WIDTH - code.width) / 2);
  const top = Math.floor((FRAME_HEIGHT - code.height) / 2);
  for (let row = 0; row < code.height; row++) {
    for (let col = 0; col < code.width; col++) {
      y[(top + row) * FRAME_WIDTH + left + col] =
        16 + Math.round((code.luma[row * code.width + col]! * 219) / 255);
    }
  }
  const chroma = Buffer.alloc((FRAME_WIDTH / 2) * (FRAME_HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${FRAME_WIDTH} H${FRAME_HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: frames }, () => frame),
  ]);
}

/** A Chromium whose camera plays this video, with camera access granted without asking. */
async function browserWithCamera(video: string): Promise<Browser> {
  const { launchOptions } = test.info().project.use;
  return chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

/** Staff open the event's scan page in a browser whose camera shows `video`, start the camera and read the outcome. */
async function scanWithCamera(
  video: string,
  staffCookies: Awaited<ReturnType<BrowserContext['cookies']>>,
  eventId: string,
) {
  const browser = await browserWithCamera(video);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.addCookies(staffCookies);
  const page = await context.newPage();
  await page.goto(`/college-staff/events/${eventId}`);
  await page.getByRole('button', { name: 'Start camera' }).click();
  return { browser, page };
}

test('the student shows a QR that changes every 30 s; staff scan it with the camera and the attendance is recorded once; the same picture 30 s later is refused', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const staff = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  await signUpViaApi(staff, 'college-staff', 'Nisha');
  await signUpViaApi(student, 'student', 'Asha');

  const startsAt = new Date(Date.now() + 3_600_000);
  const eventId = await staffEvent(staff, {
    kind: 'Pre-placement talk',
    title: 'Globex: who we are',
    description: 'Meet the team behind the role.',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    place: 'Seminar Hall 2',
    capacity: 40,
  });

  // Staff's pages: the list and the event's scan page.
  await staff.goto('/college-staff/events');
  await expect(staff.getByRole('link', { name: 'Globex: who we are' })).toBeVisible();
  await expectAxeClean(staff);

  // The student registers and shows the code.
  await student.goto('/student/events');
  const card = student.locator('section').filter({ hasText: 'Globex: who we are' });
  await card.getByRole('button', { name: 'Register' }).click();
  await expect(card.getByText('You are registered.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await card.getByRole('button', { name: 'Show attendance code' }).click();
  const qr = student.getByRole('img', { name: 'Attendance code for Globex: who we are' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-code', /\./);
  await expectAxeClean(student);

  const shown = await qrPixels(student);
  const issuedAt = Date.now();
  const video = testInfo.outputPath('code.y4m');
  fs.writeFileSync(video, y4mOf(shown));

  const cookies = await staff.context().cookies();
  const first = await scanWithCamera(video, cookies, eventId);
  try {
    await expect(first.page.getByTestId('scan-outcome')).toHaveText(/Attendance recorded: Asha /, {
      timeout: 20_000,
    });
    await expectAxeClean(first.page);
  } finally {
    await first.browser.close();
  }
  await student.reload();
  await expect(card.getByText(/^Attended: recorded /)).toBeVisible();

  // The same picture, forwarded to a friend and shown 30 seconds later: refused.
  await staff.waitForTimeout(Math.max(0, issuedAt + 31_000 - Date.now()));
  const late = await scanWithCamera(video, cookies, eventId);
  try {
    await expect(late.page.getByTestId('scan-outcome')).toHaveText(/This code has expired/, {
      timeout: 20_000,
    });
  } finally {
    await late.browser.close();
  }

  // The attendance list downloads as CSV with the student marked as attended.
  const csv = await staff.request.get(`/api/college-staff/events/${eventId}/attendance.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/Asha [^,]*,[^,]*,Registered,"[^"]+",Yes,/);
});

test("a company makes its job's talk through the form, required to apply; a student who has not attended reads why on the job", async ({
  browser,
}) => {
  const company = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  await signUpViaApi(company, 'company', 'Ravi');
  await approveCompany(company);
  const posted = await company.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role: 'Talk-first analyst',
        description: 'Attend the talk first.',
        qualifications: ['B.Tech'],
        startDate: '2020-01-01',
        applicationDeadline: '2099-12-31',
      },
    },
  });
  expect(posted.status()).toBe(201);
  const jobId = ((await posted.json()) as { message: { _id: string } }).message._id;

  await company.goto('/company/events');
  await company.getByLabel('Title').fill('Why analytics at Initech');
  await company.getByLabel('Starts').fill('2098-01-10T10:00');
  await company.getByLabel('Ends').fill('2098-01-10T11:00');
  await company.getByLabel('Place', { exact: true }).fill('Seminar Hall 1');
  await company.getByLabel('Capacity').fill('60');
  await company.getByLabel('Who may register').selectOption({ label: 'Students eligible for the job' });
  await company.getByLabel('Job', { exact: true }).selectOption({ label: 'Talk-first analyst' });
  await company.getByLabel('Students must attend this event to apply to the job').check();
  await company.getByRole('button', { name: 'Create event' }).click();
  await expect(company.getByRole('link', { name: 'Why analytics at Initech' })).toBeVisible();
  await expect(company.getByText('Pre-placement talk · Talk-first analyst at')).toContainText(
    'required to apply',
  );
  await expectAxeClean(company);

  await signUpViaApi(student, 'student', 'Meera');
  await readyToApply(student);
  await student.goto(`/student/jobs/${jobId}`);
  await expect(
    student
      .getByText('Only students who attended this job’s pre-placement talk may apply', { exact: false })
      .first(),
  ).toBeVisible();
  await student.goto('/student/events');
  await expect(student.getByText('Attending is required to apply to Talk-first analyst at')).toBeVisible();
});

test('staff move an event to another hall and then cancel it on its page; the registered student reads both', async ({
  browser,
}) => {
  const staff = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  await signUpViaApi(staff, 'college-staff', 'Kiran');
  await signUpViaApi(student, 'student', 'Divya');
  // Its own title each run: a retry finds its event, not the one the first try cancelled.
  const title = `Case discussion: supply chains ${Date.now().toString(36)}`;
  const eventId = await staffEvent(staff, {
    kind: 'Group discussion',
    title,
    description: '',
    startsAt: '2098-02-10T04:30:00.000Z',
    endsAt: '2098-02-10T05:30:00.000Z',
    place: 'Seminar Hall 3',
    capacity: 20,
  });
  expect((await student.request.post(`/api/student/events/${eventId}/registration`)).status()).toBe(201);

  // Staff move it to the main auditorium through the page's form.
  await staff.goto(`/college-staff/events/${eventId}`);
  const form = staff.getByRole('form', { name: messages.change });
  await expect(form.getByLabel('Place', { exact: true })).toHaveValue('Seminar Hall 3');
  await expectAxeClean(staff);
  await form.getByLabel('Place', { exact: true }).fill('Main Auditorium');
  await form.getByRole('button', { name: messages.saveChange }).click();
  await expect(toast(staff, messages.updated)).toBeVisible();
  await expect(staff.locator('dd').filter({ hasText: 'Main Auditorium' })).toBeVisible();

  // The event's own card (the innermost section with its heading; the bell tells of the change too).
  const card = student
    .locator('section')
    .filter({ has: student.getByRole('heading', { name: title, exact: true }) })
    .last();
  await student.goto('/student/events');
  await expect(card.locator('dd').filter({ hasText: 'Main Auditorium' })).toBeVisible();
  await expect(card.getByText('You are registered.')).toBeVisible();

  // Then they cancel it, after saying so in the dialog.
  await staff.getByRole('button', { name: messages.cancelEvent }).click();
  const dialog = staff.getByRole('dialog', { name: messages.cancelEvent });
  await expect(dialog).toContainText(messages.confirmCancel);
  await expectAxeClean(staff);
  await dialog.getByRole('button', { name: messages.cancelEvent }).click();
  await expect(toast(staff, messages.eventCancelled)).toBeVisible();
  await expect(staff.getByText(/^Cancelled on /)).toBeVisible();
  await expect(staff.getByRole('button', { name: messages.cancelEvent })).toHaveCount(0);
  await expect(staff.getByRole('form', { name: messages.change })).toHaveCount(0);
  await expect(staff.getByRole('button', { name: 'Start camera' })).toHaveCount(0);
  await expectAxeClean(staff);

  await staff.goto('/college-staff/events');
  await expect(
    staff.getByRole('row').filter({ hasText: title }).getByText(messages.cancelledMark),
  ).toBeVisible();
  await expectAxeClean(staff);

  await student.reload();
  await expect(card.getByText(messages.isCancelled)).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  // The calendar entry their "Add to calendar" made is called off by the event's file now.
  const removal = card.getByRole('link', { name: messages.removeFromCalendar });
  await expect(removal).toBeVisible();
  const ics = await (await student.request.get((await removal.getAttribute('href'))!)).text();
  expect(ics).toContain('METHOD:CANCEL');
  expect(ics).toContain('STATUS:CANCELLED');
  await expectAxeClean(student);
});

test("a company makes its talk through the form; a student registers and the company's open event page shows them without a reload", async ({
  browser,
}) => {
  const company = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  await signUpViaApi(company, 'company', 'Farah');
  await approveCompany(company);
  const posted = await company.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role: 'Platform engineer',
        description: 'Build the platform.',
        qualifications: ['B.Tech'],
        startDate: '2020-01-01',
        applicationDeadline: '2099-12-31',
      },
    },
  });
  expect(posted.status()).toBe(201);

  await company.goto('/company/events');
  await company.getByLabel('Title').fill('Life on the platform team');
  await company.getByLabel('Starts').fill('2098-03-10T10:00');
  await company.getByLabel('Ends').fill('2098-03-10T11:00');
  await company.getByLabel('Place', { exact: true }).fill('Seminar Hall 4');
  await company.getByLabel('Capacity').fill('30');
  await company.getByLabel('Who may register').selectOption({ label: 'Everyone in the college' });
  await company.getByLabel('Job', { exact: true }).selectOption({ label: 'Platform engineer' });
  await company.getByRole('button', { name: 'Create event' }).click();
  await company.getByRole('link', { name: 'Life on the platform team' }).click();
  await expect(company.getByRole('heading', { name: 'Life on the platform team' })).toBeVisible();
  await expect(company.getByText('Nobody has registered yet.')).toBeVisible();
  await expect(company.getByText(/0 of 30 places taken · 0 waiting · 0 attended/)).toBeVisible();
  await expectAxeClean(company);

  await signUpViaApi(student, 'student', 'Tara');
  await student.goto('/student/events');
  const card = student
    .locator('section')
    .filter({ has: student.getByRole('heading', { name: 'Life on the platform team', exact: true }) })
    .last();
  await card.getByRole('button', { name: 'Register' }).click();
  await expect(card.getByText('You are registered.')).toBeVisible();

  // The company's page, left open, takes the registration from the live stream.
  await expect(company.getByRole('row').filter({ hasText: 'Tara ' })).toContainText('Registered');
  await expect(company.getByText(/1 of 30 places taken · 0 waiting · 0 attended/)).toBeVisible();
  await expectAxeClean(company);
});
