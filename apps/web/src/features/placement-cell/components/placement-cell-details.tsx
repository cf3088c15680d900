import { placementCellMessages } from '@portal/contracts/placement-cell';
import { usePlacementCell } from '../api/get-placement-cell.ts';

/**
 * The college's placement cell as About and Contact show it: its name, address and how to reach it,
 * as staff entered them. `headingLevel` fits the page it sits in.
 */
export function PlacementCellDetails({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const cell = usePlacementCell();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (cell.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (cell.isError || cell.data.name === '') {
    return <p className="text-sm text-slate-600">{placementCellMessages.notYet}</p>;
  }
  const { name, address, email, phone } = cell.data;
  return (
    <address className="rounded-xl border border-slate-200 bg-white px-5 py-4 not-italic shadow-sm">
      <Heading className="text-base font-semibold text-slate-900">{name}</Heading>
      {address && <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{address}</p>}
      <dl className="mt-3 grid gap-1 text-sm">
        {email && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Email</dt>
            <dd>
              <a href={`mailto:${email}`} className="font-medium break-all text-indigo-700 hover:underline">
                {email}
              </a>
            </dd>
          </div>
        )}
        {phone && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Phone</dt>
            <dd>
              <a href={`tel:${phone}`} className="font-medium text-indigo-700 hover:underline">
                {phone}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </address>
  );
}
