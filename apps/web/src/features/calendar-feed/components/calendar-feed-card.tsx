import type { Role } from '@portal/contracts/common';
import { calendar } from '@portal/contracts/messages';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { shortDateTime } from '../../../lib/dates.ts';
import { useCreateCalendarFeed } from '../api/create-calendar-feed.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed.ts';

/**
 * The private calendar feed on a profile page: make a link (shown once, to copy into Google
 * Calendar or Outlook), make a new one, or revoke it.
 */
export function CalendarFeedCard({ role }: { role: Role }) {
  const feed = useCalendarFeed(role);
  const create = useCreateCalendarFeed(role);
  const revoke = useRevokeCalendarFeed(role);
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'revoke' | 'rotate' | null>(null);
  const headingId = useId();
  const urlId = useId();

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
        setConfirming(null);
        toast.success(calendar.feedCreated);
      },
    });

  const copy = () => {
    if (!url) return;
    navigator.clipboard.writeText(url).then(
      () => toast.success('Link copied.'),
      () => toast.error('Could not copy: please select the link and copy it.'),
    );
  };

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
          {calendar.heading}
        </h3>
        <p className="mb-4 text-sm text-slate-600">
          Subscribe to your upcoming interviews, assessments and deadlines from your calendar app. Anyone with
          the link can read the feed: keep it private, and revoke it if it leaks.
        </p>
        {feed.isPending ? (
          <LoadingBlock />
        ) : feed.isError ? (
          <ErrorBlock
            message={errorMessage(feed.error)}
            onRetry={() => void feed.refetch()}
            retrying={feed.isRefetching}
          />
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              {feed.data.activeSince
                ? `Active since ${shortDateTime(feed.data.activeSince)}.`
                : calendar.noFeed}
            </p>
            {url && (
              <div className="space-y-2">
                <label htmlFor={urlId} className="block text-sm font-medium text-slate-900">
                  Your feed link (shown only now)
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <input
                    id={urlId}
                    readOnly
                    value={url}
                    onFocus={(event) => event.currentTarget.select()}
                    className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs text-slate-900"
                  />
                  <Button variant="secondary" onClick={copy}>
                    Copy link
                  </Button>
                </div>
                <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                  <li>Google Calendar: Other calendars, +, From URL, then paste the link.</li>
                  <li>Outlook: Add calendar, Subscribe from web, then paste the link.</li>
                </ul>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {feed.data.activeSince ? (
                <>
                  <Button variant="secondary" onClick={() => setConfirming('rotate')}>
                    {calendar.rotate}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming('revoke')}>
                    {calendar.revoke}
                  </Button>
                </>
              ) : (
                <Button onClick={makeLink} isPending={create.isPending}>
                  {calendar.create}
                </Button>
              )}
            </div>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={confirming === 'rotate'}
        title={calendar.rotate}
        confirmLabel={calendar.rotate}
        isPending={create.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={makeLink}
      >
        {calendar.confirmRotate}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'revoke'}
        title={calendar.revoke}
        confirmLabel={calendar.revoke}
        isPending={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: (message) => {
              setUrl(null);
              setConfirming(null);
              toast.success(message);
            },
          })
        }
      >
        {calendar.confirmRevoke}
      </ConfirmDialog>
    </Card>
  );
}
