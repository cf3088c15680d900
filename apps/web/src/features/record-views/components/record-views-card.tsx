import { recordViews } from '@portal/contracts/messages';
import { useId, useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { shortDateTime } from '../../../lib/dates.ts';
import { RECORD_VIEWS_PAGE_SIZE, type RecordViewsOf, useRecordViews } from '../api/get-record-views.ts';

/** The student reads "your"; staff, on the student's record, read "the". */
const textsFor = (of: RecordViewsOf) =>
  of === 'me'
    ? {
        heading: recordViews.heading,
        empty: recordViews.empty,
        what: { record: recordViews.record, resume: recordViews.resume },
      }
    : {
        heading: recordViews.staffHeading,
        empty: recordViews.staffEmpty,
        what: { record: recordViews.staffRecord, resume: recordViews.staffResume },
      };

const Dot = () => (
  <span aria-hidden="true" className="text-slate-400">
    {' · '}
  </span>
);

/** Which companies and staff opened a student's record or resume, newest first, a page at a time. */
export function RecordViewsCard({ of }: { of: RecordViewsOf }) {
  const [page, setPage] = useState(1);
  const views = useRecordViews(of, page);
  const texts = textsFor(of);
  const headingId = useId();
  const pages = views.data ? Math.max(1, Math.ceil(views.data.total / RECORD_VIEWS_PAGE_SIZE)) : 1;

  return (
    <Card>
      <h3 id={headingId} className="mb-4 text-sm font-semibold text-slate-900">
        {texts.heading}
      </h3>
      {views.isPending ? (
        <LoadingBlock />
      ) : views.isError ? (
        <ErrorBlock
          message={errorMessage(views.error)}
          onRetry={() => void views.refetch()}
          retrying={views.isRefetching}
        />
      ) : views.data.total === 0 ? (
        <p className="text-sm text-slate-500">{texts.empty}</p>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
            {views.data.items.map((view, index) => (
              <li key={`${view.at}-${index}`} className="py-2 text-sm break-words text-slate-700">
                <span className="font-medium text-slate-900">{view.viewer}</span>
                <Dot />
                {texts.what[view.what]}
                <Dot />
                <time dateTime={view.at}>{shortDateTime(view.at)}</time>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <Pager
              label={`Pages of ${texts.heading}`}
              page={page}
              pages={pages}
              onPage={setPage}
              className="mt-4"
            />
          )}
        </>
      )}
    </Card>
  );
}
