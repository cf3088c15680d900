import { type APIResponse, expect, type Page, test } from '@playwright/test';
import { approveCompany, axeViolations, readyToApply, signUpViaApi, toast } from './support.ts';

const unique = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);

/** Today in the deployment's zone (IST): the day's slots from midnight on have already begun. */
const todayInIndia = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

async function message<T>(answer: Promise<APIResponse>, status = 200) {
  const response = await answer;
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return ((await response.json()) as { message: T }).message;
}

async function postJob(company: Page, role: string) {
  return (
    await message<{ _id: string }>(
      company.request.post('/api/company/postJob', {
        data: {
          typ: 'jobs',
          value: {
            role,
            description: 'Interview on the drive day.',
            qualifications: ['B.Tech'],
            startDate: '2020-01-01',
            applicationDeadline: '2099-12-31',
          },
        },
      }),
      201,
    )
  )._id;
}

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
  // Nothing scrolls sideways at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('staff publish a drive day; the student sees three interviews without overlap and adds them to the calendar; a company marks a no-show and the student sees the penalty explained', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const open = async () => (await browser.newContext()).newPage();
  const run = unique();
  const staff = await open();
  const student = await open();
  const companies = [await open(), await open(), await open()];

  await signUpViaApi(staff, 'college-staff', 'Nisha');
  await signUpViaApi(student, 'student', `Dev${run}`);
  await readyToApply(student);
  const jobIds: string[] = [];
  for (const [i, company] of companies.entries()) {
    await signUpViaApi(company, 'company', `Rec${i}`);
    await approveCompany(company);
    const jobId = await postJob(company, `Engineer ${i} ${run}`);
    jobIds.push(jobId);
    await message(student.request.post('/api/student/jobApplyByStudent', { data: { jobID: jobId } }), 201);
    const applicants = await message<{ items: { _id: string }[] }>(
      company.request.get(`/api/company/applicants?jobId=${jobId}`),
    );
    await message(
      company.request.post(`/api/company/applications/${applicants.items[0]!._id}/stage`, {
        data: { stage: 'Technical Interview' },
      }),
    );
  }

  // Staff declare today's drive day with three rooms.
  const date = todayInIndia();
  await staff.goto('/college-staff/driveDays');
  await expect(staff.getByRole('heading', { name: 'Declare a drive day' })).toBeVisible({ timeout: 30_000 });
  await staff.getByLabel('Date').fill(date);
  await staff.getByLabel('Rankings close at').fill(`${date}T00:00`);
  await staff.getByLabel('Rooms').fill(`Hall ${run} 1, Hall ${run} 2, Hall ${run} 3`);
  await staff.getByRole('button', { name: 'Declare' }).click();
  await expect(toast(staff, `Drive day ${date} declared.`)).toBeVisible();

  // Each company sets a panel in its room, from midnight (so the slots have begun by now).
  for (const [i, company] of companies.entries()) {
    const [day] = await message<
      { day: { id: string; date: string; rooms: { id: string; name: string }[] } }[]
    >(company.request.get('/api/company/driveDays'));
    expect(day!.day.date).toBe(date);
    const room = day!.day.rooms.find((r) => r.name === `Hall ${run} ${i + 1}`)!;
    await message(
      company.request.post(`/api/company/driveDays/${day!.day.id}/panels`, {
        data: {
          jobId: jobIds[i],
          stage: 'Technical Interview',
          roomId: room.id,
          onlineLink: '',
          interviewers: ['Asha Iyer'],
          slotMinutes: 30,
          bufferMinutes: 0,
          start: '00:00',
          end: '03:00',
        },
      }),
      201,
    );
  }

  // Staff run the allotment, read the preview and publish.
  await staff.reload();
  await staff.getByRole('button', { name: 'Run allotment' }).click();
  await expect(staff.getByText(/^3 of 3 interviews placed; 0 left out/)).toBeVisible({ timeout: 30_000 });
  await expectAxeClean(staff);
  await staff.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(staff, 'Published: 3 interviews; everyone was told.')).toBeVisible();

  // The student sees three interviews that do not overlap, and adds one to the calendar.
  await student.goto('/student/driveDays');
  const list = student.getByRole('list', { name: `Your interviews on ${date}` });
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
  const times = await list
    .locator('time')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime')!));
  const spans: [number, number][] = [];
  for (let k = 0; k < times.length; k += 2) spans.push([Date.parse(times[k]!), Date.parse(times[k + 1]!)]);
  spans.sort((a, b) => a[0] - b[0]);
  for (let k = 1; k < spans.length; k++) expect(spans[k]![0]).toBeGreaterThanOrEqual(spans[k - 1]![1]);
  for (let k = 0; k < 3; k++) {
    const download = student.waitForEvent('download');
    await list
      .getByRole('link', { name: /^Add to calendar/ })
      .nth(k)
      .click();
    const file = await (await download).path();
    const ics = await import('node:fs/promises').then((fs) => fs.readFile(file, 'utf8'));
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/UID:application-[0-9a-f-]+-technical-interview@/);
  }
  await expectAxeClean(student);

  // The first company marks the student absent at its slot.
  const company = companies[0]!;
  await company.goto('/company/driveDays');
  await company.getByRole('button', { name: 'Mark no-show' }).first().click({ timeout: 30_000 });
  await company.getByLabel(/is marked absent$/).fill('Did not come to the room');
  await company.getByRole('button', { name: 'Mark no-show' }).click();
  await expect(toast(company, 'Marked as a no-show.')).toBeVisible();
  await expectAxeClean(company);

  // The student sees the no-show and the penalty explained.
  await student.reload();
  await expect(student.getByTestId('penalty')).toHaveText(
    'You missed 1 drive-day interview this season; at 2 the placement policy debars you for a while.',
  );
  await expect(student.getByText('Marked absent: Did not come to the room', { exact: true })).toBeVisible();
  await expectAxeClean(student);

  for (const page of [staff, student, ...companies]) await page.context().close();
});
