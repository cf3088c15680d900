import { type APIResponse, expect, type Page, test } from '@playwright/test';
import { board } from '@portal/contracts/messages';
import { approveCompany, axeViolations, day, readyToApply, signUpViaApi, toast } from './support.ts';

const unique = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);

async function message<T>(answer: Promise<APIResponse>, status = 200) {
  const response = await answer;
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return ((await response.json()) as { message: T }).message;
}

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
  // Nothing scrolls sideways at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * A day of its own, far from today: one college holds one drive day per date, and the drive-day
 * spec declares today's.
 */
/** The company's interview panel for its job in one room of the drive day, 09:00–11:00 in 30-minute slots. */
const addPanel = (
  company: { request: { post: (url: string, options: { data: object }) => Promise<APIResponse> } },
  dayId: string,
  jobId: string,
  roomId: string,
) =>
  message(
    company.request.post(`/api/company/driveDays/${dayId}/panels`, {
      data: {
        jobId,
        stage: 'Technical Interview',
        roomId,
        onlineLink: '',
        interviewers: ['Asha Iyer'],
        slotMinutes: 30,
        bufferMinutes: 0,
        start: '09:00',
        end: '11:00',
      },
    }),
    201,
  );

const dayAhead = () => {
  const at = new Date(Date.now() + (400 + Math.floor(Math.random() * 3000)) * 86_400_000);
  return at.toISOString().slice(0, 10);
};

test('a coordinator checks a student in on the room board and the student’s page says “You are next” without a reload', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const open = async () => (await browser.newContext()).newPage();
  const run = unique();
  const staff = await open();
  const company = await open();
  const student = await open();
  const volunteer = await open();

  await signUpViaApi(staff, 'college-staff', 'Nisha');
  await signUpViaApi(student, 'student', `Dev${run}`);
  await readyToApply(student);
  const volunteerEmail = await signUpViaApi(volunteer, 'student', `Vani${run}`);
  await signUpViaApi(company, 'company', 'Rec');
  await approveCompany(company);
  const job = await message<{ _id: string }>(
    company.request.post('/api/company/postJob', {
      data: {
        typ: 'jobs',
        value: {
          role: `Analyst ${run}`,
          description: 'Interview on the drive day.',
          qualifications: ['B.Tech'],
          startDate: '2020-01-01',
          applicationDeadline: '2099-12-31',
        },
      },
    }),
    201,
  );
  await message(student.request.post('/api/student/jobApplyByStudent', { data: { jobID: job._id } }), 201);
  const applicants = await message<{ items: { _id: string }[] }>(
    company.request.get(`/api/company/applicants?jobId=${job._id}`),
  );
  await message(
    company.request.post(`/api/company/applications/${applicants.items[0]!._id}/stage`, {
      data: { stage: 'Technical Interview' },
    }),
  );

  // Staff declare the day; the company sets its panel; staff allot and publish.
  const date = dayAhead();
  const room = `Hall ${run}`;
  const day = await message<{ id: string; rooms: { id: string; name: string }[] }>(
    staff.request.post('/api/college-staff/driveDays', {
      data: { date, gapMinutes: 10, rankingCutoff: `${date}T00:00:00+05:30`, rooms: [room] },
    }),
    201,
  );
  await addPanel(company, day.id, job._id, day.rooms[0]!.id);
  await message(staff.request.post(`/api/college-staff/driveDays/${day.id}/allot`));
  await message(staff.request.post(`/api/college-staff/driveDays/${day.id}/publish`));

  // Staff make the volunteer a coordinator of the room on the drive-day page.
  await staff.goto('/college-staff/driveDays');
  await staff.getByRole('button', { name: date, exact: true }).click({ timeout: 30_000 });
  await staff.getByLabel('Coordinator’s email').fill(volunteerEmail);
  await staff.getByRole('checkbox', { name: room }).check();
  await staff.getByRole('button', { name: 'Add coordinator' }).click();
  await expect(toast(staff, board.coordinatorAdded(`Vani${run} Tester`))).toBeVisible();
  await expect(staff.getByRole('link', { name: /^Open the room board/ })).toBeVisible();
  await expectAxeClean(staff);

  // The student waits on their interviews page; nothing says they are next yet.
  await student.goto('/student/driveDays');
  await expect(student.getByRole('list', { name: `Your interviews on ${date}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(student.getByText(/^You are next at /)).toHaveCount(0);

  // The coordinator opens the board and checks the student in.
  await volunteer.goto('/student/coordinator');
  const panel = volunteer.getByRole('region', { name: `Playwright Labs, ${room}` });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expectAxeClean(volunteer);
  await panel.getByRole('button', { name: `Check in Dev${run} Tester` }).click();
  await expect(toast(volunteer, board.checkedIn(`Dev${run} Tester`))).toBeVisible();
  await expect(panel.getByRole('button', { name: `Call in Dev${run} Tester` })).toBeVisible();
  // The coordinator enters no result: checking out offers none.
  await expect(volunteer.getByRole('button', { name: /to the next stage$/ })).toHaveCount(0);

  // Without a reload, the student's page says they are next.
  await expect(
    student.getByText(new RegExp(`^You are next at Playwright Labs, ${room}, in about \\d+ minutes$`)),
  ).toBeVisible({ timeout: 10_000 });
  await expectAxeClean(student);

  // A tap on the wrong name is taken back in one tap, and the student's page follows, live.
  await panel.getByRole('button', { name: `Undo the check-in of Dev${run} Tester` }).click();
  await expect(toast(volunteer, board.undone['check-in'](`Dev${run} Tester`))).toBeVisible();
  await expect(student.getByText(/^You are next at /)).toHaveCount(0, { timeout: 10_000 });
  await panel.getByRole('button', { name: `Check in Dev${run} Tester` }).click();
  await expect(student.getByText(/^You are next at /)).toBeVisible({ timeout: 10_000 });

  // The company calls the student in and checks them out with its result: the application moves on.
  await company.goto('/company/driveDays');
  await company.getByRole('link', { name: `Open the room board of ${date}` }).click({ timeout: 30_000 });
  const own = company.getByRole('region', { name: `Playwright Labs, ${room}` });
  await own.getByRole('button', { name: `Call in Dev${run} Tester` }).click({ timeout: 30_000 });
  await expect(toast(company, board.calledIn(`Dev${run} Tester`))).toBeVisible();
  await expectAxeClean(company);
  await own.getByRole('button', { name: `Check out Dev${run} Tester to the next stage` }).click();
  await expect(toast(company, board.movedTo(`Dev${run} Tester`, 'HR Interview'))).toBeVisible();
  await expect(own.getByText('Result: next stage', { exact: false })).toBeVisible();

  // Staff see the same board, live, with the result.
  await staff.getByRole('link', { name: `Open the room board of ${date}` }).click();
  await expect(staff.getByRole('region', { name: `Playwright Labs, ${room}` })).toContainText(
    'Result: next stage',
  );
  await expectAxeClean(staff);

  for (const page of [staff, company, student, volunteer]) await page.context().close();
});

test('the door list of coordinators, a student volunteer’s and a staff member’s, follows a registration and a scan made elsewhere without a reload', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const run = unique();
  // North College holds this story's drive day: one college holds one drive day per date, and the
  // drive-day spec declares the first college's today.
  const open = async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto('/c/north/signin');
    return page;
  };
  const staff = await open();
  const company = await open();
  const student = await open();
  const volunteer = await open();
  const staffDoor = await open();

  await signUpViaApi(staff, 'college-staff', 'Nalini');
  await signUpViaApi(student, 'student', `Dia${run}`);
  const volunteerEmail = await signUpViaApi(volunteer, 'student', `Varun${run}`);
  const staffDoorEmail = await signUpViaApi(staffDoor, 'college-staff', `Sahil${run}`);
  await signUpViaApi(company, 'company', 'Rec');
  // The company signed up at North's address: North's placement cell allows it.
  const { _id: companyId } = await message<{ _id: string }>(
    company.request.get('/api/company/getCompanyData'),
  );
  await message(
    staff.request.put(`/api/college-staff/companies/${companyId}/status`, { data: { role: 'Allowed' } }),
  );
  const job = await message<{ _id: string }>(
    company.request.post('/api/company/postJob', {
      data: {
        typ: 'jobs',
        value: {
          role: `Door analyst ${run}`,
          description: 'A talk first.',
          qualifications: ['B.Tech'],
          startDate: '2020-01-01',
          applicationDeadline: '2099-12-31',
        },
      },
    }),
    201,
  );

  // Today's drive day at North (declared by an earlier try of this test, a room of this run is
  // added to it), the company's panel in this run's room, and two coordinators of the company.
  const date = day(0);
  const room = `Door ${run}`;
  type Day = { id: string; date: string; rooms: { id: string; name: string }[] };
  const declared = await staff.request.post('/api/college-staff/driveDays', {
    data: { date, gapMinutes: 10, rankingCutoff: `${date}T00:00:00+05:30`, rooms: [room] },
  });
  let driveDay: Day;
  if (declared.status() === 201) driveDay = ((await declared.json()) as { message: Day }).message;
  else {
    expect(declared.status(), await declared.text()).toBe(409);
    const days = await message<Day[]>(staff.request.get('/api/college-staff/driveDays'));
    const existing = days.find((d) => d.date === date)!;
    driveDay = await message<Day>(
      staff.request.post(`/api/college-staff/driveDays/${existing.id}/rooms`, { data: { rooms: [room] } }),
    );
  }
  await addPanel(company, driveDay.id, job._id, driveDay.rooms.find((r) => r.name === room)!.id);
  for (const email of [volunteerEmail, staffDoorEmail])
    await message(
      staff.request.post(`/api/college-staff/driveDays/${driveDay.id}/coordinators`, {
        data: { email, companyIds: [companyId], roomIds: [] },
      }),
      201,
    );

  // The company's talk, later today.
  const startsAt = new Date(Date.now() + 2 * 60_000);
  const talk = await message<{ id: string; title: string }>(
    company.request.post('/api/company/events', {
      data: {
        kind: 'Pre-placement talk',
        title: `Door talk ${run}`,
        description: '',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        place: 'Seminar Hall',
        onlineLink: '',
        capacity: 10,
        audience: 'college',
        jobId: job._id,
        stage: null,
        requiredToApply: false,
      },
    }),
    201,
  );

  // Both coordinators open their door: nobody has registered yet.
  await volunteer.goto('/student/coordinator');
  await staffDoor.goto('/college-staff/dashboard');
  await staffDoor.getByRole('link', { name: 'At the door' }).first().click({ timeout: 30_000 });
  const doors = [volunteer, staffDoor].map((page) =>
    page.getByRole('region', { name: 'Events at the door today' }),
  );
  for (const door of doors) {
    await expect(door.getByRole('heading', { name: talk.title })).toBeVisible({ timeout: 30_000 });
    await expect(door.getByText('Pre-placement talk · 0 registered · 0 attended')).toBeVisible();
  }
  await expectAxeClean(volunteer);
  await expectAxeClean(staffDoor);

  // The student registers on their phone: both doors show it, without a reload.
  await message(student.request.post(`/api/student/events/${talk.id}/registration`), 201);
  for (const door of doors)
    await expect(door.getByText('Pre-placement talk · 1 registered · 0 attended')).toBeVisible({
      timeout: 10_000,
    });

  // Staff scan the student's code on the event's page: both doors count the attendance.
  const { code } = await message<{ code: string }>(
    student.request.get(`/api/student/events/${talk.id}/code`),
  );
  await message(staff.request.post(`/api/college-staff/events/${talk.id}/attendance`, { data: { code } }));
  for (const door of doors)
    await expect(door.getByText('Pre-placement talk · 1 registered · 1 attended')).toBeVisible({
      timeout: 10_000,
    });
  await expectAxeClean(volunteer);
  await expectAxeClean(staffDoor);

  for (const page of [staff, company, student, volunteer, staffDoor]) await page.context().close();
});
