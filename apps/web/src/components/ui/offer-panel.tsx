import type { StageChange } from '@portal/contracts/applications';
import { messaging, offers } from '@portal/contracts/messages';
import type { Offer, OfferState } from '@portal/contracts/offers';
import type { ReactNode } from 'react';
import { lpa } from '../../lib/lpa.ts';
import { Badge, type BadgeTone } from './badge.tsx';

const tones: Record<OfferState, BadgeTone> = {
  Offered: 'info',
  Accepted: 'success',
  Declined: 'neutral',
  Lapsed: 'warning',
  Withdrawn: 'danger',
  Revoked: 'danger',
};

/**
 * How a history entry reads: the stage reached, what happened to the offer ("Offer accepted"), or
 * a message sent to the applicants at a stage ("Message: Online assessment link").
 */
export const historyLabel = (change: StageChange) =>
  change.message
    ? messaging.timelineLabel(change.message.subject)
    : change.offerState
      ? offers.event[change.offerState]
      : change.stage;

/**
 * An offer at a glance: company, package, tier, the date to answer by and its state, with the
 * reason when it was withdrawn or revoked. `actions` are what the reader may do about it.
 */
export function OfferPanel({
  title,
  offer,
  company,
  actions,
  headingLevel = 4,
}: {
  title: string;
  offer: Offer;
  /** Shown when the reader is not the company itself. */
  company?: string;
  actions?: ReactNode;
  /** One below the heading of the card it sits in, so headings never skip a level. */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const open = offer.state === 'Offered';
  const details: { label: string; value: string }[] = [
    ...(company ? [{ label: 'Company', value: company }] : []),
    { label: 'Package', value: lpa(offer.package) },
    { label: 'Tier', value: offer.tier },
    { label: open ? 'Decide by' : 'Answer was due by', value: offer.decideBy },
    ...(offer.reason ? [{ label: 'Reason', value: offer.reason }] : []),
  ];
  return (
    <section aria-label={title} className="mt-4 rounded-xl border border-indigo-100 bg-indigo-50/40 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-sm font-semibold text-slate-900">{title}</Heading>
        <Badge tone={tones[offer.state]}>{offer.state}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {details.map(({ label, value }) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
            <dd className="mt-0.5 text-sm break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="mt-4">{actions}</div>}
    </section>
  );
}
