import { type FocusEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { shortDateTime } from '../../../lib/dates.ts';
import { untilAppRuns } from '../../../lib/until-app-runs.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';

/** When a notification came, in the deployment's zone (not the browser's), the zone named. */
const formatDate = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : shortDateTime(iso));

/**
 * The bell with the unread count. Hovering or focusing it opens the list (and marks everything
 * read); leaving with the mouse, moving focus away or Escape closes it.
 */
export function NotificationBell() {
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();

  const pages = notifications.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unread ?? 0;
  const total = pages[0]?.total ?? 0;

  const show = () => {
    if (open) return;
    setOpen(true);
    if (unread > 0 && !markRead.isPending) markRead.mutate();
  };
  const hide = () => setOpen(false);
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) hide();
  };

  return (
    <div
      className="relative"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          hide();
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={show}
        // Sent rendered by the server (app/render-pages.tsx), the bell waits for the app.
        {...untilAppRuns()}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {unread > 0 && (
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white"
            aria-hidden="true"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="fixed inset-x-4 top-14 z-30 pt-2 sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:w-80"
      >
        <section
          aria-label="Notifications"
          className="max-h-96 overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
            Notifications
          </h2>
          {notifications.isError ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{notifications.error.message}</p>
          ) : items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">No notifications yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((item) => (
                <li key={item._id} className="px-4 py-3">
                  <div className="flex items-start gap-2">
                    {!item.read && (
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600">
                        <span className="sr-only">Unread</span>
                      </span>
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-semibold text-slate-900">
                        {item.link ? (
                          // What the notification is about, one click away (the server names the page).
                          <Link
                            to={item.link}
                            onClick={hide}
                            className="text-indigo-700 underline-offset-2 hover:underline"
                          >
                            {item.title}
                          </Link>
                        ) : (
                          item.title
                        )}
                      </p>
                      <p className="text-xs text-slate-500">
                        from {item.from}
                        {formatDate(item.createdAt) && <> · {formatDate(item.createdAt)}</>}
                      </p>
                      <p className="mt-1 text-sm break-words text-slate-700">{item.body}</p>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {items.length > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
              <p className="text-xs text-slate-500" aria-live="polite">
                Showing {items.length} of {total}
              </p>
              {notifications.hasNextPage && (
                <Button
                  variant="secondary"
                  isPending={notifications.isFetchingNextPage}
                  onClick={() => void notifications.fetchNextPage()}
                >
                  Load more
                </Button>
              )}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
