import type { StudentApplication } from '@portal/contracts/applications';
import { eventsApi } from '@portal/contracts/api/events';
import { urlOf } from '@portal/contracts/endpoint';
import type { PlacementEvent } from '@portal/contracts/events';
import { events as eventMessages } from '@portal/contracts/messages';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { statusReply, stubApi } from '../../../testing/api-stub.ts';
import { staffRecord, studentRecord } from '../../../testing/records.ts';
import { FakeEventSource, stubEventSource } from '../../../testing/fake-event-source.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { studentAreaStubs, studentWith } from '../../../testing/student-area.ts';

const application = (changes: Partial<StudentApplication>): StudentApplication => ({
  _id: 'd0e0f0a0-0000-4000-8000-000000000001',
  jobId: 'a0b0c0d0-0000-4000-8000-000000000001',
  company: 'Acme Corp',
  role: 'SDE',
  appliedAt: '2026-02-01T09:30:00.000Z',
  stage: 'Form Submitted',
  schedule: null,
  history: [{ stage: 'Form Submitted', at: '2026-02-01T09:30:00.000Z', by: 'Asha Verma' }],
  offer: null,
  ...changes,
});

describe('student area pages', () => {
  it('tells a debarred student why and until when, on the profile and above the vacancies', async () => {
    const debarred = studentWith({
      role: 'Debarred',
      debarment: { reason: 'Skipped two interviews', until: '2026-12-31' },
    });
    stubApi({
      ...studentAreaStubs(debarred),
      'GET /api/student/emailSettings': { body: { message: { stageChanges: true, interviews: true } } },
      'GET /api/student/jobs': { body: { message: { items: [], total: 0 } } },
    });
    const { router } = renderApp(paths.student.profile);
    const notice = await screen.findByRole('region', { name: 'Debarment' });
    expect(notice).toHaveTextContent(
      'You are debarred by the placement cell until 2026-12-31: Skipped two interviews',
    );
    expect(notice).toHaveTextContent('You cannot apply to jobs until the end of 2026-12-31.');

    await router.navigate(paths.student.jobVacancies);
    expect(await screen.findByRole('region', { name: 'Debarment' })).toHaveTextContent(
      'Skipped two interviews',
    );
  });

  it('shows no debarment notice to a student in good standing', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/student/jobs': { body: { message: { items: [], total: 0 } } },
    });
    renderApp(paths.student.jobVacancies);
    expect(await screen.findByText('No jobs match these filters.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Debarment' })).not.toBeInTheDocument();
  });

  it('updates the name everywhere once the profile is saved', async () => {
    stubApi({
      ...studentAreaStubs(),
      'PUT /api/student/updateProfileDetail': {
        body: {
          message: studentWith({
            personalDetail: { ...studentRecord.personalDetail, firstName: 'Ashwini', mothersName: 'Sita' },
          }),
        },
      },
    });
    const { user } = renderApp(paths.student.profile);

    await user.click(await screen.findByRole('button', { name: 'Edit First Name' }));
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Ashwini');
    await user.click(screen.getByRole('button', { name: "Edit Mother's Name" }));
    await user.type(screen.getByLabelText("Mother's Name"), 'Sita');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Details Updated Succesfully')).toBeVisible();
    // The profile header and the top bar both read the cached record.
    expect(screen.getAllByText('Ashwini Verma').length).toBeGreaterThanOrEqual(2);
  });

  it('picks the current programme from the catalogue, grouped by degree and searchable, keeping earlier degrees', async () => {
    const { calls } = stubApi({
      ...studentAreaStubs(
        studentWith({
          educationalDetails: { ...studentRecord.educationalDetails, degrees: ['Diploma in CS'] },
        }),
      ),
      'PUT /api/student/updateProfileDetail': { body: { message: studentRecord } },
    });
    const { user } = renderApp(paths.student.academicDetails);

    const select = await screen.findByLabelText('Current programme');
    await within(select).findByRole('option', { name: /BTECH-CSE/ });
    expect(select).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Edit Degrees' }));
    expect(select).toBeEnabled();
    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['B.Tech', 'MBA']);
    // A retired programme is not offered.
    expect(within(select).queryByRole('option', { name: /Production/ })).toBeNull();

    await user.type(screen.getByLabelText('Search programmes'), 'ece');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not chosen', 'B.Tech Electronics and Communication Engineering (BTECH-ECE)']);
    await user.selectOptions(select, 'B.Tech Electronics and Communication Engineering (BTECH-ECE)');
    expect(select).toHaveDisplayValue('B.Tech Electronics and Communication Engineering (BTECH-ECE)');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Details Updated Succesfully')).toBeVisible();
    const sent = calls.find((call) => call.method === 'PUT')?.body as { value: { degrees: string[] } };
    expect(sent.value.degrees).toEqual(['B.Tech Electronics and Communication Engineering', 'Diploma in CS']);
  });

  it("checks the academic details with the schema's messages and saves a roll number as the college writes it", async () => {
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'PUT /api/student/updateProfileDetail': { body: { message: studentRecord } },
    });
    const { user } = renderApp(paths.student.academicDetails);

    const rollNumber = await screen.findByLabelText('Roll Number');
    expect(rollNumber).toHaveValue('21BCE1012');
    await user.click(rollNumber);
    expect(await screen.findByText('Please click on the edit button to edit the fields.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Edit Roll Number' }));
    await user.clear(rollNumber);
    await user.type(rollNumber, '-3');
    await user.click(screen.getByRole('button', { name: 'Edit CGPA' }));
    await user.clear(screen.getByLabelText('CGPA'));
    await user.type(screen.getByLabelText('CGPA'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please enter a valid Roll number.')).toBeVisible();
    expect(screen.getByText('Please enter a valid CGPA.')).toBeVisible();

    await user.clear(rollNumber);
    await user.type(rollNumber, '19BCE1234');
    await user.clear(screen.getByLabelText('CGPA'));
    await user.type(screen.getByLabelText('CGPA'), '8.75');
    await user.click(screen.getByRole('button', { name: 'Edit Degrees' }));
    await user.click(screen.getByRole('button', { name: '+ Add degree' }));
    await user.type(screen.getByLabelText('Degree 2'), 'M.Tech');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Details Updated Succesfully')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      typ: 'educationalDetails',
      value: {
        rollNumber: '19BCE1234',
        degrees: ['B.Tech', 'M.Tech'],
        collegeName: 'City College',
        cgpa: 8.75,
        yearOfPassing: 2026,
      },
    });
  });

  it('lists applications with their stage and history, or links to the vacancies when there are none', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/student/applications': {
        body: {
          message: [
            application({
              stage: 'Shortlisted',
              history: [
                { stage: 'Form Submitted', at: '2026-02-01T09:30:00.000Z', by: 'Asha Verma' },
                { stage: 'Shortlisted', at: '2026-02-04T11:00:00.000Z', by: 'Acme Corp' },
              ],
            }),
          ],
        },
      },
    });
    renderApp(paths.student.applicationStatus);

    const card = await screen.findByRole('article', { name: 'SDE' });
    expect(within(card).getByText('Acme Corp')).toBeVisible();
    expect(within(card).getByText('2026-02-01', { selector: 'span' })).toBeVisible();
    const history = within(card).getByRole('list', { name: 'History of SDE at Acme Corp' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Form Submitted2026-02-01 · by Asha Verma', 'Shortlisted2026-02-04 · by Acme Corp']);
  });

  it('links to the job vacancies when there are no applications', async () => {
    stubApi({ ...studentAreaStubs(), 'GET /api/student/applications': { body: { message: [] } } });
    renderApp(paths.student.applicationStatus);

    expect(await screen.findByText("You haven't applied to any job yet.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse Job Vacancies' })).toHaveAttribute(
      'href',
      paths.student.jobVacancies,
    );
  });

  it('shows assessments and interviews soonest first, unscheduled last', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/student/applications': {
        body: {
          message: [
            application({ _id: '1', role: 'Tester', stage: 'HR Interview', schedule: null }),
            application({
              _id: '2',
              role: 'Analyst',
              stage: 'Technical Interview',
              schedule: { at: '2026-03-10T10:00:00.000Z', place: 'Video call' },
            }),
            application({ _id: '3', role: 'Designer', stage: 'Shortlisted' }),
            application({
              _id: '4',
              role: 'SDE',
              stage: 'Online Assessment',
              schedule: { at: '2026-03-02T10:00:00.000Z', place: '' },
            }),
          ],
        },
      },
    });
    renderApp(paths.student.interview);

    const items = await screen.findAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Online Assessment: SDE at Acme Corp',
      'Technical Interview: Analyst at Acme Corp',
      'HR Interview: Tester at Acme Corp',
    ]);
    expect(within(items[1]!).getByText('Video call')).toBeVisible();
    expect(within(items[2]!).getByText('Schedule to be announced')).toBeVisible();
    expect(screen.queryByText('Designer')).not.toBeInTheDocument();
  });

  it('says when nothing is scheduled', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/student/applications': { body: { message: [application({})] } },
    });
    renderApp(paths.student.interview);

    expect(await screen.findByText('No interviews or assessments scheduled yet.')).toBeVisible();
  });

  it('gives college staff the same password form', async () => {
    stubApi({
      'GET /api/': statusReply('college-staff'),
      'GET /api/college-staff/getCollegeStaffData': { body: { message: staffRecord } },
      'GET /api/notifications': { body: { message: { items: [], total: 0, unread: 0 } } },
    });
    renderApp(paths.staff.resetPassword);

    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeVisible();
    expect(screen.getByLabelText('Confirm New Password')).toBeVisible();
  });
});

/** Today's talk of a company the coordinator coordinates, as the door list shows it. */
const doorTalk = (changes: Partial<PlacementEvent> = {}): PlacementEvent => ({
  id: 'e0000000-0000-4000-8000-000000000009',
  kind: 'Pre-placement talk',
  title: 'Globex: who we are',
  description: '',
  startsAt: '2026-12-01T04:30:00.000Z',
  endsAt: '2026-12-01T05:30:00.000Z',
  place: 'Seminar Hall',
  onlineLink: '',
  capacity: 50,
  audience: 'college',
  jobId: 'j1',
  job: 'Analyst at Globex',
  stage: null,
  requiredToApply: false,
  organiser: 'Globex',
  cancelledAt: null,
  registered: 12,
  waiting: 0,
  attended: 3,
  ...changes,
});

describe('a student who coordinates a drive day', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds today’s room board in the menu and on the home, and reads “You are next” when next', async () => {
    stubApi({
      ...studentAreaStubs(),
      'GET /api/coordinator/assignments': {
        body: { message: [{ driveDayId: 'd1', date: '2026-12-01', today: true, scope: ['Room 2'] }] },
      },
      'GET /api/student/driveDays': {
        body: {
          message: {
            days: [],
            next: [{ interviewId: 'i1', message: 'You are next at Globex, Room 2, in about 10 minutes' }],
            penalty: { noShows: [], explanation: null },
          },
        },
      },
    });
    const { user } = renderApp(paths.student.profile);
    expect(await screen.findByRole('link', { name: 'Open the room board' })).toHaveAttribute(
      'href',
      paths.student.coordinator,
    );
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Student Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Room Board' })).toHaveAttribute(
      'href',
      paths.student.coordinator,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are next at Globex, Room 2, in about 10 minutes',
    );
  });

  it('scans codes at the door of today’s events of their companies, through the coordinator’s call', async () => {
    const talk = doorTalk();
    const scanUrl = urlOf(eventsApi.coordinator.scan, { params: { id: talk.id } });
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'GET /api/coordinator/assignments': {
        body: { message: [{ driveDayId: 'd1', date: '2026-12-01', today: true, scope: ['Globex'] }] },
      },
      'GET /api/coordinator/driveDays/d1/board': {
        body: { message: { day: { id: 'd1', date: '2026-12-01' }, entersResults: false, panels: [] } },
      },
      [`GET ${urlOf(eventsApi.coordinator.list)}`]: { body: { message: [talk] } },
      [`POST ${scanUrl}`]: {
        body: {
          message: { outcome: 'recorded', student: 'Asha Verma', text: eventMessages.recorded('Asha Verma') },
        },
      },
    });
    const { user } = renderApp(paths.student.coordinator);
    const door = await screen.findByRole('region', { name: 'Events at the door today' });
    expect(within(door).getByRole('heading', { name: 'Globex: who we are' })).toBeVisible();
    expect(within(door).getByText('Pre-placement talk · 12 registered · 3 attended')).toBeVisible();
    await user.click(within(door).getByRole('button', { name: 'Scan codes at Globex: who we are' }));
    await user.type(within(door).getByLabelText('Or paste a code'), 'the.pasted.code');
    await user.click(within(door).getByRole('button', { name: 'Record' }));
    expect(await within(door).findByTestId('scan-outcome')).toHaveTextContent(
      'Attendance recorded: Asha Verma.',
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === scanUrl)?.body).toEqual({
      code: 'the.pasted.code',
    });
  });
  it('shows a registration and a scan made elsewhere on the open door list, without a reload', async () => {
    stubEventSource();
    let talk = doorTalk();
    const listUrl = urlOf(eventsApi.coordinator.list);
    const { calls } = stubApi({
      ...studentAreaStubs(),
      'GET /api/coordinator/assignments': {
        body: { message: [{ driveDayId: 'd1', date: '2026-12-01', today: true, scope: ['Globex'] }] },
      },
      'GET /api/coordinator/driveDays/d1/board': {
        body: { message: { day: { id: 'd1', date: '2026-12-01' }, entersResults: false, panels: [] } },
      },
      [`GET ${listUrl}`]: () => ({ body: { message: [talk] } }),
    });
    renderApp(paths.student.coordinator);
    const door = await screen.findByRole('region', { name: 'Events at the door today' });
    expect(within(door).getByText('Pre-placement talk · 12 registered · 3 attended')).toBeVisible();
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.fire('ready'));

    // A student registers on their phone: the server tells the coordinator's stream.
    talk = doorTalk({ registered: 13 });
    act(() => stream.fire('event', JSON.stringify({ eventId: talk.id })));
    expect(await within(door).findByText('Pre-placement talk · 13 registered · 3 attended')).toBeVisible();

    // Another coordinator (or staff) scans a code at the other door: the count follows.
    talk = doorTalk({ registered: 13, attended: 4 });
    act(() => stream.fire('event', JSON.stringify({ eventId: talk.id })));
    expect(await within(door).findByText('Pre-placement talk · 13 registered · 4 attended')).toBeVisible();
    expect(calls.filter((c) => c.method === 'GET' && c.path === listUrl)).toHaveLength(3);
  });
});
