import type { PlacementPolicyVersion } from '@portal/contracts/placement-policy';
import { Card } from '../../../components/ui/card.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { localDateTime } from '../../../lib/dates.ts';

const tiersText = (v: PlacementPolicyVersion) =>
  v.tiers.map((t) => `${t.name} from ${t.minPackage} LPA`).join(' · ');

const rulesText = (v: PlacementPolicyVersion) =>
  [
    `${v.maxAcceptedOffers} accepted ${v.maxAcceptedOffers === 1 ? 'offer' : 'offers'}`,
    v.higherTierAfterPlaced ? 'higher tier allowed' : 'no higher tier',
    v.internshipsCount ? 'internships count' : "internships don't count",
    `${v.decisionDays} days to decide`,
  ].join(' · ');

/** Every saved version of the policy, newest first: who saved it, when, and what it said. */
export function PlacementPolicyHistory({ history }: { history: readonly PlacementPolicyVersion[] }) {
  return (
    <Card>
      <h3 id="policy-history-heading" className="mb-4 text-sm font-semibold text-slate-900">
        History
      </h3>
      <TableScroll labelledBy="policy-history-heading" className="rounded-lg border border-slate-200">
        <table aria-labelledby="policy-history-heading" className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Version
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Saved by
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                When
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Tiers
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Rules
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {history.map((v) => (
              <tr key={v.version}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900 tabular-nums">
                  {v.version}
                </th>
                <td className="px-3 py-2 text-slate-900">{v.by}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                  <time dateTime={v.at}>{localDateTime(v.at)}</time>
                </td>
                <td className="px-3 py-2 break-words text-slate-700">{tiersText(v)}</td>
                <td className="px-3 py-2 break-words text-slate-700">{rulesText(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
