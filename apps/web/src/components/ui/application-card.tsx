import type { StudentApplication } from '@portal/contracts/applications';
import type { ReactNode } from 'react';
import { datePart } from '../../lib/dates.ts';
import { Card } from './card.tsx';
import { historyLabel, OfferPanel } from './offer-panel.tsx';
import { StageBadge } from './stage-badge.tsx';

/**
 * One application: the role, the company, when it was sent, its stage, its offer (with
 * `offerActions`, what the reader may do about it) and its history.
 */
export function ApplicationCard({
  application,
  offerActions,
}: {
  application: StudentApplication;
  offerActions?: ReactNode;
}) {
  const headingId = `application-${application._id}`;
  return (
    <Card>
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold break-words text-slate-900">
              {application.role}
            </h3>
            <p className="text-sm break-words text-slate-600">{application.company}</p>
            <p className="mt-1 text-xs text-slate-500">
              Applied on <span className="tabular-nums">{datePart(application.appliedAt)}</span>
            </p>
          </div>
          <StageBadge stage={application.stage} />
        </div>
        {application.offer && (
          <OfferPanel
            title={`Offer from ${application.company}`}
            offer={application.offer}
            company={application.company}
            actions={offerActions}
          />
        )}
        {application.history.length > 0 && (
          <>
            <h4 className="mt-5 mb-3 text-xs font-medium tracking-wide text-slate-500 uppercase">History</h4>
            <ol aria-label={`History of ${application.role} at ${application.company}`} className="relative">
              {application.history.map((change, index) => (
                <li
                  key={`${change.at}-${change.stage}-${change.offerState ?? ''}-${change.message?.subject ?? ''}`}
                  className="relative flex gap-3 pb-4 last:pb-0"
                >
                  {index < application.history.length - 1 && (
                    <span className="absolute top-3 left-[5px] h-full w-px bg-slate-200" aria-hidden="true" />
                  )}
                  <span
                    className={`relative mt-1.5 size-[11px] shrink-0 rounded-full ring-2 ring-white ${
                      index === application.history.length - 1 ? 'bg-indigo-600' : 'bg-slate-300'
                    }`}
                    aria-hidden="true"
                  />
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">{historyLabel(change)}</p>
                    {change.note && <p className="break-words text-slate-700">Reason: {change.note}</p>}
                    {change.message && (
                      <p className="break-words whitespace-pre-line text-slate-700">{change.message.body}</p>
                    )}
                    <p className="text-xs text-slate-500">
                      <time dateTime={change.at} className="tabular-nums">
                        {datePart(change.at)}
                      </time>
                      {change.by && <> · by {change.by}</>}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </article>
    </Card>
  );
}
