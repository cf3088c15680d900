import { eventsApi } from '@portal/contracts/api/events';
import { universityApi } from '@portal/contracts/api/university';
import { urlOf } from '@portal/contracts/endpoint';
import type { PlacementEvent } from '@portal/contracts/events';
import { companyNames, events as eventMessages, invalid, staffActions } from '@portal/contracts/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detailHref, paths, staffCompaniesHref } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { FakeEventSource, stubEventSource } from '../../../testing/fake-event-source.ts';
import { staffRecord } from '../../../testing/records.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  companyDetails,
  companySummary,
  placementStatistics,
  staffAreaStubs,
} from '../../../testing/staff-area.ts';

// jsdom has no canvas; the chart chunk is replaced by a marker that shows where it lands.
vi.mock('../../../features/staff/components/placement-charts.tsx', () => ({
  default: () => <p>Charts drawn</p>,
}));

const acme = companySummary();
const companiesPath = '/api/college-staff/companies';
const statusPath = `/api/college-staff/companies/${acme._id}/status`;

describe('staff profile and dashboard', () => {
  it('shows the placement statistics as text', async () => {
    stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/statistics': { body: { message: placementStatistics } },
    });
    renderApp(paths.staff.dashboard);

    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    expect(await screen.findByText('12 / 40')).toBeVisible();
    expect(tile('Students placed')).toHaveTextContent('12 / 40');
    expect(tile('Placement rate')).toHaveTextContent('30%');
    expect(tile('Highest package')).toHaveTextContent('24 LPA');
    expect(tile('Median package')).toHaveTextContent('8.5 LPA');
    expect(tile('Average package')).toHaveTextContent('9.25 LPA');

    const byDegree = screen.getByRole('table', { name: 'By programme' });
    expect(
      within(byDegree).getByRole('row', { name: 'B.Tech Computer Science and Engineering 10 30 33.3%' }),
    ).toBeVisible();
    expect(within(byDegree).getByRole('row', { name: 'MCA 2 10 20%' })).toBeVisible();
    const byYear = screen.getByRole('table', { name: 'By year of passing' });
    expect(within(byYear).getByRole('row', { name: '2026 12 40 30%' })).toBeVisible();
    const byStage = screen.getByRole('table', { name: 'Applications per stage' });
    expect(within(byStage).getByRole('row', { name: 'Offer Letter 3' })).toBeVisible();
    const offers = screen.getByRole('table', { name: 'Offers' });
    expect(
      within(offers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['OffersCount', 'Made9', 'Accepted5', 'Declined2', 'Lapsed1']);
    const byTier = screen.getByRole('table', { name: 'Placed students per tier' });
    expect(within(byTier).getByRole('row', { name: 'Regular 8' })).toBeVisible();
    expect(within(byTier).getByRole('row', { name: 'Dream 4' })).toBeVisible();
    expect(await screen.findByText('Charts drawn')).toBeVisible();
  });

  it('keeps the details locked until their toggle and saves them', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/statistics': { body: { message: placementStatistics } },
      'PUT /api/college-staff/collegeStaffProfileUpdate': {
        body: {
          message: { ...staffRecord, personalDetail: { ...staffRecord.personalDetail, phone: '9000000001' } },
        },
      },
    });
    const { user } = renderApp(paths.staff.profile);

    const phone = await screen.findByLabelText('Phone');
    await user.click(phone);
    expect(await screen.findByText('Please click on the edit button to edit the fields.')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
    await user.clear(phone);
    await user.type(phone, '9000000001');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Details Updated Succesfully')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      firstName: 'Meera',
      lastName: 'Iyer',
      staffID: '4521',
      phone: '9000000001',
    });
  });
});

describe('companies awaiting approval', () => {
  const waiting = companySummary({
    _id: 'b7c8f3de-0000-4000-8000-000000000202',
    company: 'Nova Labs',
    role: 'Pending',
  });
  const waitingStatusPath = `/api/college-staff/companies/${waiting._id}/status`;

  it('filters the list by status in the URL and shows the pending badge', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: { body: { message: { items: [waiting, acme], total: 2 } } },
    });
    const { user, router } = renderApp(paths.staff.companies);

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Nova Labs',
      'Acme Corp',
    ]);
    expect(within(cards[0]!).getByText('Pending')).toBeVisible();
    expect(calls.find((call) => call.path === companiesPath)?.search).toBe('?page=1&pageSize=20');

    await user.selectOptions(screen.getByLabelText('Status'), 'Pending');
    expect(router.state.location.search).toBe('?status=Pending');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === companiesPath).at(-1)?.search).toBe(
        '?status=Pending&page=1&pageSize=20',
      ),
    );

    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(router.state.location.search).toBe('');
  });

  it('approves a pending company with a reason, after confirming', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: { body: { message: { items: [waiting], total: 1 } } },
      [`PUT ${waitingStatusPath}`]: { body: { message: staffActions.companyApproved } },
    });
    const { user } = renderApp(staffCompaniesHref('Pending'));

    const card = await screen.findByRole('article', { name: 'Nova Labs' });
    await user.click(within(card).getByRole('button', { name: 'Approve Nova Labs' }));
    const confirm = within(card).getByRole('group', { name: 'Approve Nova Labs' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.type(within(confirm).getByLabelText('Reason (optional)'), 'GST number checked.');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, approve' }));

    expect(await screen.findByText(staffActions.companyApproved)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      role: 'Allowed',
      reason: 'GST number checked.',
    });
  });

  it('rejects a pending company, and can cancel without a call', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: { body: { message: { items: [waiting], total: 1 } } },
      [`PUT ${waitingStatusPath}`]: { body: { message: staffActions.companyRejected } },
    });
    const { user } = renderApp(paths.staff.companies);

    const card = await screen.findByRole('article', { name: 'Nova Labs' });
    await user.click(within(card).getByRole('button', { name: 'Reject Nova Labs' }));
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('group')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Reject Nova Labs' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText(staffActions.companyRejected)).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { role: 'Rejected' },
    ]);
  });

  it('toasts the server refusing a decision and keeps the form open', async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: { body: { message: { items: [waiting], total: 1 } } },
      [`PUT ${waitingStatusPath}`]: { status: 400, body: { message: invalid.reason } },
    });
    const { user } = renderApp(paths.staff.companies);
    const card = await screen.findByRole('article', { name: 'Nova Labs' });
    await user.click(within(card).getByRole('button', { name: 'Reject Nova Labs' }));
    await user.type(within(card).getByLabelText('Reason (optional)'), 'Unknown firm.');
    await user.click(within(card).getByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText(invalid.reason)).toBeVisible();
    expect(within(card).getByLabelText('Reason (optional)')).toHaveValue('Unknown firm.');
  });

  it("shows a company's status history, newest first, with who, when and why", async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET /api/college-staff/companyDetails/${acme._id}`]: {
        body: {
          message: companyDetails({
            role: 'Allowed',
            statusHistory: [
              { status: 'Allowed', reason: '', by: 'Meera Iyer', at: '2026-06-03T10:00:00.000Z' },
              {
                status: 'Rejected',
                reason: 'Documents missing.',
                by: 'Meera Iyer',
                at: '2026-06-02T10:00:00.000Z',
              },
            ],
          }),
        },
      },
    });
    renderApp(detailHref(paths.staff.companyDetails, acme._id));

    const history = await screen.findByRole('list', { name: 'Status history' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((entry) => within(entry).getByText(/^(Allowed|Rejected)$/).textContent)).toEqual([
      'Allowed',
      'Rejected',
    ]);
    expect(within(entries[1]!).getByText('Documents missing.')).toBeVisible();
    expect(within(entries[1]!).getByText('by Meera Iyer', { exact: false })).toBeVisible();
  });
});

describe('staff companies', () => {
  it('suspends a company after confirming, then refetches the list', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: { body: { message: { items: [acme], total: 1 } } },
      [`PUT ${statusPath}`]: { body: { message: staffActions.companySuspended } },
    });
    const { user } = renderApp(paths.staff.companies);

    const card = await screen.findByRole('article', { name: 'Acme Corp' });
    expect(within(card).getByText('Karan Shah', { exact: false })).toBeVisible();
    expect(within(card).getByText('Allowed')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Details of Acme Corp' })).toHaveAttribute(
      'href',
      detailHref(paths.staff.companyDetails, acme._id),
    );

    await user.click(within(card).getByRole('button', { name: 'Suspend Acme Corp' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Yes, suspend' }));

    expect(await screen.findByText('Company suspended.')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: statusPath,
      body: { role: 'Suspended' },
    });
    await waitFor(() => expect(calls.filter((call) => call.path === companiesPath)).toHaveLength(2));
  });

  it('allows a suspended company again without asking', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: {
        body: { message: { items: [companySummary({ role: 'Suspended' })], total: 1 } },
      },
      [`PUT ${statusPath}`]: { body: { message: staffActions.companyAllowed } },
    });
    const { user } = renderApp(paths.staff.companies);

    await user.click(await screen.findByRole('button', { name: 'Allow Acme Corp' }));

    expect(await screen.findByText('Company allowed again.')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'Allowed' });
  });

  it("shows a company's jobs with applicants per stage", async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET /api/college-staff/companyDetails/${acme._id}`]: {
        body: {
          message: companyDetails({
            jobList: [
              {
                _id: 'job-1',
                role: 'SDE',
                description: 'Build things.',
                qualifications: ['B.Tech'],
                startDate: '2026-01-05T00:00:00.000Z',
                applicationDeadline: '2026-02-05T00:00:00.000Z',
                status: 'Open',
                eligibility: { minCgpa: null, degrees: [], programmes: [], years: [] },
                type: 'Full-time',
                package: null,
                location: '',
                workMode: 'On-site',
                applicants: 5,
                byStage: [
                  { stage: 'Form Submitted', count: 3 },
                  { stage: 'Shortlisted', count: 2 },
                ],
              },
            ],
          }),
        },
      },
    });
    renderApp(detailHref(paths.staff.companyDetails, acme._id));

    const job = await screen.findByRole('article', { name: 'SDE' });
    expect(within(job).getByText('2026-01-05')).toBeVisible();
    expect(within(job).getByText('5 applicants')).toBeVisible();
    const stages = within(job).getByLabelText('Applicants of SDE by stage');
    expect(within(stages).getByText('Shortlisted').nextSibling).toHaveTextContent('2');
    expect(within(stages).getByText('Rejected').nextSibling).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Suspend Acme Corp' })).toBeVisible();
  });
});

describe('staff company pages', () => {
  it('shows 20 companies a page with the count, and asks for the next page', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: (_body, query) => {
        const page = Number(query.get('page'));
        const count = page < 3 ? 20 : 5;
        const items = Array.from({ length: count }, (_, i) => {
          const n = (page - 1) * 20 + i + 1;
          return companySummary({
            _id: `b7c8f3de-0000-4000-8000-${String(n).padStart(12, '0')}`,
            company: `Company ${n}`,
          });
        });
        return { body: { message: { items, total: 45 } } };
      },
    });
    const { user } = renderApp(paths.staff.companies);

    expect(await screen.findByText('Showing 1–20 of 45 companies')).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: 'Pages of companies' });
    expect(within(pager).getByText('Page 1 of 3')).toBeVisible();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–40 of 45 companies')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Company 21' })).toBeVisible();
    expect(calls.filter((c) => c.path === companiesPath).at(-1)?.search).toBe('?page=2&pageSize=20');
  });
});

describe("a company's new name", () => {
  const renamed = companySummary({
    pendingName: 'Acme Global',
    pendingNameAt: '2026-06-05T10:00:00.000Z',
  });
  const namePath = `/api/college-staff/companies/${acme._id}/name`;

  it('shows the name asked for on the Companies page and approves it, naming the name seen', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: { body: { message: { items: [renamed], total: 1 } } },
      [`PUT ${namePath}`]: { body: { message: companyNames.approved } },
    });
    const { user } = renderApp(paths.staff.companies);

    const card = await screen.findByRole('article', { name: 'Acme Corp' });
    const pending = within(card).getByRole('region', { name: `${companyNames.pendingLabel} for Acme Corp` });
    expect(pending).toHaveTextContent(`${companyNames.pendingLabel}: Acme Global`);
    expect(pending).toHaveTextContent('Students see the company as Acme Corp until you approve it.');

    await user.click(within(pending).getByRole('button', { name: 'Approve the name Acme Global' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(pending).getByRole('button', { name: 'Yes, approve the name' }));

    expect(await screen.findByText(companyNames.approved)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: namePath,
      body: { decision: 'Approved', name: 'Acme Global' },
    });
    await waitFor(() => expect(calls.filter((call) => call.path === companiesPath)).toHaveLength(2));
  });

  it('says a name approved here waits for the other colleges, offering only to reject it', async () => {
    stubApi({
      ...staffAreaStubs(),
      [`GET ${companiesPath}`]: {
        body: { message: { items: [{ ...renamed, nameApprovedHere: true }], total: 1 } },
      },
    });
    renderApp(paths.staff.companies);
    const card = await screen.findByRole('article', { name: 'Acme Corp' });
    const pending = within(card).getByRole('region', { name: `${companyNames.pendingLabel} for Acme Corp` });
    expect(pending).toHaveTextContent(`${companyNames.approvedHereNote} Until then they see Acme Corp.`);
    expect(within(pending).queryByRole('button', { name: 'Approve the name Acme Global' })).toBeNull();
    expect(within(pending).getByRole('button', { name: 'Reject the name Acme Global' })).toBeEnabled();
  });

  it('rejects the name with a reason the company is shown', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      [`GET /api/college-staff/companyDetails/${acme._id}`]: {
        body: {
          message: companyDetails({
            ...renamed,
            nameHistory: [
              {
                event: 'Requested',
                from: 'Acme Corp',
                to: 'Acme Global',
                reason: '',
                by: 'Karan Shah',
                at: '2026-06-05T10:00:00.000Z',
              },
            ],
          }),
        },
      },
      [`PUT ${namePath}`]: { body: { message: companyNames.rejected } },
    });
    const { user } = renderApp(detailHref(paths.staff.companyDetails, acme._id));

    const history = await screen.findByRole('list', { name: 'Name history' });
    expect(within(history).getByRole('listitem')).toHaveTextContent(
      'New name asked for: Acme Corp → Acme Global',
    );
    await user.click(screen.getByRole('button', { name: 'Reject the name Acme Global' }));
    await user.type(screen.getByLabelText('Reason (optional)'), 'Not the registered name.');
    await user.click(screen.getByRole('button', { name: 'Yes, reject the name' }));

    expect(await screen.findByText(companyNames.rejected)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      decision: 'Rejected',
      name: 'Acme Global',
      reason: 'Not the registered name.',
    });
  });
});

describe("the university's view", () => {
  const menuLinks = async (user: ReturnType<typeof renderApp>['user']) => {
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'College Staff Dashboard menu' });
    return within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
  };

  it("shows the director each college's figures side by side, and the menu leads there", async () => {
    stubApi({
      ...staffAreaStubs(),
      'GET /api/university/director': { body: { message: true } },
      'GET /api/university/statistics': {
        body: {
          message: [
            { college: { id: 1, slug: 'main', name: 'Main College' }, statistics: placementStatistics },
            {
              college: { id: 2, slug: 'north', name: 'North College' },
              statistics: {
                ...placementStatistics,
                totalStudents: 10,
                placedStudents: 5,
                medianPackage: null,
              },
            },
          ],
        },
      },
    });
    const { user } = renderApp(paths.staff.university);
    const table = await screen.findByRole('table', { name: 'Placement by college' });
    const cells = (college: string) =>
      [...within(table).getByRole('rowheader', { name: college }).closest('tr')!.querySelectorAll('td')]
        .map((cell) => cell.textContent)
        .slice(0, 4);
    expect(cells('Main College')).toEqual(['40', '12', '30%', '8.5 LPA']);
    expect(cells('North College')).toEqual(['10', '5', '50%', 'No offers yet']);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'College Staff Dashboard menu' });
    expect(await within(menu).findByRole('link', { name: 'University' })).toBeVisible();
  });

  it('keeps the menu entry from staff who are not the director', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/university/director': { body: { message: false } },
    });
    const { user } = renderApp(paths.staff.dashboard);
    // The menu asked, and the answer has come (the dashboard's own data is on screen after it).
    await waitFor(() => expect(calls.some((c) => c.path === urlOf(universityApi.director))).toBe(true));
    await screen.findByRole('heading', { name: 'Dashboard' });
    const links = await menuLinks(user);
    expect(links).toContain('Companies');
    expect(links).not.toContain('University');
  });
});

describe('a staff member who coordinates a drive day', () => {
  afterEach(() => vi.unstubAllGlobals());

  const talk: PlacementEvent = {
    id: 'e0000000-0000-4000-8000-000000000019',
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
  };
  const today = { driveDayId: 'd1', date: '2026-12-01', today: true, scope: ['Globex'] };

  it(
    'finds the door in the menu, scans there through the coordinator’s call and sees scans made elsewhere live',
    { timeout: 20_000 },
    async () => {
      stubEventSource();
      let current = talk;
      const listUrl = urlOf(eventsApi.coordinator.list);
      const scanUrl = urlOf(eventsApi.coordinator.scan, { params: { id: talk.id } });
      const { calls } = stubApi({
        ...staffAreaStubs(),
        'GET /api/coordinator/assignments': { body: { message: [today] } },
        [`GET ${listUrl}`]: () => ({ body: { message: [current] } }),
        [`POST ${scanUrl}`]: {
          body: {
            message: {
              outcome: 'recorded',
              student: 'Asha Verma',
              text: eventMessages.recorded('Asha Verma'),
            },
          },
        },
      });
      const { user } = renderApp(paths.staff.dashboard);
      await user.click(await screen.findByRole('button', { name: 'Menu' }));
      const menu = screen.getByRole('navigation', { name: 'College Staff Dashboard menu' });
      await user.click(await within(menu).findByRole('link', { name: 'At the door' }));

      expect(await screen.findByRole('heading', { name: 'At the door' })).toBeVisible();
      const door = await screen.findByRole('region', { name: 'Events at the door today' });
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

      // Scanned at the other door: the live stream names the event, and the list reads it again.
      const stream = FakeEventSource.opened[0]!;
      act(() => stream.fire('ready'));
      current = { ...talk, attended: 5 };
      act(() => stream.fire('event', JSON.stringify({ eventId: talk.id })));
      expect(await within(door).findByText('Pre-placement talk · 12 registered · 5 attended')).toBeVisible();
    },
  );

  it('keeps the menu entry from staff who coordinate nothing today, and their door says so', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/coordinator/assignments': { body: { message: [{ ...today, today: false }] } },
    });
    const { user } = renderApp(paths.staff.coordinator);
    expect(await screen.findByText('You coordinate no drive day today.')).toBeVisible();
    const links = await (async () => {
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const menu = screen.getByRole('navigation', { name: 'College Staff Dashboard menu' });
      return within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent);
    })();
    expect(links).toContain('Events');
    expect(links).not.toContain('At the door');
    // The door's list is asked for only by a coordinator of today.
    expect(calls.some((c) => c.path === urlOf(eventsApi.coordinator.list))).toBe(false);
  });
});
