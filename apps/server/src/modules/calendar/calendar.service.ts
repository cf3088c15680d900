import { companyMaySeeStudents, type Viewer } from '@portal/contracts/student-visibility';
import type { CalendarFeedCreated, CalendarFeedState } from '@portal/contracts/calendar';
import { calendar as messages } from '@portal/contracts/messages';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import { type CalendarEvent, writeCalendar } from '../../lib/icalendar.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { stageEvent, uidHost } from './calendar-events.ts';
import type { CollegesService } from '../colleges/colleges.service.ts';
import { collegeHostOrigin } from '../mail/college-links.ts';
import type { CalendarRepo } from './calendar.repo.ts';
import { eventCalendarEntry, type EventsReader } from '../events/events.read.ts';

/** Events that started up to a day ago stay in a feed, so today's interview does not vanish at its start. */
const PAST_MS = 24 * 3_600_000;

/** The feed's path: the token, then ".ics" (calendar apps like to see the extension). */
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** A token is 32 random bytes in base64url: 43 characters of A-Z a-z 0-9 - _. */
const tokenPattern = /^([A-Za-z0-9_-]{43})\.ics$/;

export function createCalendarService(deps: {
  calendarRepo: CalendarRepo;
  /** A student's feed shows the events they hold a place at (modules/events). */
  eventsReader: Pick<EventsReader, 'studentEvents'>;
  appUrl: string;
  /** A feed's link is at its account's college's own host name, when it has one. */
  collegesService: Pick<CollegesService, 'byId'>;
  /** Job deadlines are dates in the clock's zone (config TIME_ZONE). */
  clock: Clock;
}) {
  const { calendarRepo: repo, clock } = deps;
  const host = uidHost(deps.appUrl);

  async function events(viewer: Pick<Viewer, 'id' | 'role' | 'status'>, at: Date): Promise<CalendarEvent[]> {
    const { id: accountId, role } = viewer;
    const from = new Date(at.getTime() - PAST_MS);
    // A company's interviews name its applicants: while it may not see students, it gets none.
    const scheduled =
      role === 'student'
        ? await repo.studentEvents(accountId, from)
        : role === 'company'
          ? companyMaySeeStudents(viewer.status)
            ? await repo.companyEvents(accountId, from)
            : []
          : await repo.allEvents(from);
    const list = scheduled.map((s) =>
      stageEvent(
        {
          applicationId: s.applicationId,
          stage: s.stage,
          at: s.at!,
          place: s.place,
          sequence: s.sequence,
          role: s.role,
          company: s.company,
          // A student's own calendar need not name them; a company's and the placement cell's do.
          ...(role === 'student' ? {} : { student: `${s.firstName} ${s.lastName}` }),
        },
        host,
      ),
    );
    if (role === 'student') {
      for (const e of await deps.eventsReader.studentEvents(accountId, from)) {
        list.push(eventCalendarEntry(e, host));
      }
    }
    if (role !== 'student') {
      const deadlines = await repo.openDeadlines(
        clock.dateOf(at),
        role === 'company' ? accountId : undefined,
      );
      for (const d of deadlines) {
        list.push({
          uid: `job-${d.jobId}-deadline@${host}`,
          sequence: 0,
          summary: `Application deadline — ${d.role} at ${d.company}`,
          start: { date: d.deadline },
        });
      }
    }
    return list;
  }

  return {
    async state(accountId: string): Promise<CalendarFeedState> {
      const feed = await repo.feedOf(accountId);
      return { activeSince: feed ? feed.createdAt.toISOString() : null };
    },

    /**
     * A new link for the account; any older one stops working. The token is shown this once. The
     * link is at the account's college's own host name when it has one (a company's, one account
     * across colleges, at APP_URL); the `/c/<slug>` address would only add a redirect to a feed.
     */
    async create(account: { id: string; collegeId: number | null }): Promise<CalendarFeedCreated> {
      const { token, hash } = newToken();
      const feed = await repo.saveFeed(account.id, hash, clock.now());
      const college = await deps.collegesService.byId(account.collegeId);
      return {
        url: `${collegeHostOrigin(deps.appUrl, college)}${feedPath(token)}`,
        activeSince: feed.createdAt.toISOString(),
      };
    },

    async revoke(accountId: string): Promise<string> {
      if (!(await repo.deleteFeed(accountId))) throw new NotFound(messages.noFeed);
      return messages.feedRevoked;
    },

    /**
     * The feed behind a link, as .ics text. An unknown, revoked or malformed token, or a suspended
     * or rejected account, all get the same 404: nothing tells which. A company awaiting the
     * placement cell's approval gets its jobs' deadlines without any interview.
     */
    async feed(file: string): Promise<string> {
      const token = tokenPattern.exec(file)?.[1];
      const feed = token ? await repo.feedByHash(hashToken(token)) : null;
      if (!feed || feed.status === 'Suspended' || feed.status === 'Rejected') {
        throw new NotFound(messages.feedNotFound);
      }
      const at = clock.now();
      return writeCalendar({
        method: 'PUBLISH',
        name: 'Campus Placement Portal',
        stamp: at,
        events: await events({ id: feed.accountId, role: feed.role, status: feed.status }, at),
      });
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
