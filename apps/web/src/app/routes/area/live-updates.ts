import type { LiveEventKind } from '@portal/contracts/live';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { roomBoardKey } from '../../../features/drive-days/api/room-board.ts';
import { studentDriveDaysKey } from '../../../features/drive-days/api/student-drive-days.ts';
import { coordinatorEventsKey } from '../../../features/events/api/coordinator-events.ts';
import { manageEventsKey } from '../../../features/events/api/manage-events.ts';
import { studentEventsKey } from '../../../features/events/api/student-events.ts';
import { hiringQueryKey } from '../../../features/hiring/api/get-own-jobs.ts';
import { studentApplicationsQueryKey } from '../../../features/jobs/api/get-student-applications.ts';
import { type LiveMode, useLiveStream } from '../../../features/live/api/use-live-stream.ts';
import { notificationsQueryKey } from '../../../features/notifications/api/get-notifications.ts';

/** While the stream cannot be held, what it would have told of is refetched this often. */
export const POLL_MS = 30_000;

/** The queries each kind of live event makes stale (prefixes: every page and filter of them). */
const staleBy: Record<LiveEventKind, readonly (readonly unknown[])[]> = {
  // A place at an event opening comes as a notification: the student's events page shows it at once.
  notification: [notificationsQueryKey, studentEventsKey],
  stage: [studentApplicationsQueryKey, hiringQueryKey],
  // Drive days publish slot changes; their pages' keys join here when they exist.
  slot: [],
  // A tap on a room board: the boards on screen and the student's "You are next".
  board: [roomBoardKey, studentDriveDaysKey],
  // A registration, a leaving (and the promotion it makes), an attendance recorded, a move or a
  // cancellation: the event's page and the events list of staff and of the company that made it,
  // and the door list of its company's coordinators on its day.
  event: [manageEventsKey('staff'), manageEventsKey('company'), coordinatorEventsKey],
};

const invalidate = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/**
 * Keeps the open pages of a signed-in area current: each live event refetches the queries it makes
 * stale (only those a page is showing refetch at once; the rest when next shown). Where the stream
 * cannot be held, the same queries are refetched every 30 seconds instead.
 */
export function useLiveUpdates(enabled: boolean): LiveMode {
  const queryClient = useQueryClient();
  const mode = useLiveStream(enabled, {
    onEvent: (kind) => invalidate(queryClient, staleBy[kind]),
    // The session is over (signed out here or elsewhere): the stream stays closed and the page's
    // next request meets the 401 that signs it out. Refetching everything at once here would race
    // a sign-out under way in this tab with an "Unauthorized" toast.
    onEnded: () => {},
  });
  useEffect(() => {
    if (!enabled || mode !== 'polling') return;
    const timer = setInterval(() => invalidate(queryClient, Object.values(staleBy).flat()), POLL_MS);
    return () => clearInterval(timer);
  }, [enabled, mode, queryClient]);
  return mode;
}
