import { universityMessages } from '@portal/contracts/university';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { packageText, rateOf } from '../../../lib/placement-numbers.ts';
import { useUniversityStatistics } from '../api/get-university-statistics.ts';

const caption = 'Placement by college';

/**
 * The university's placement director's view: one row per college with its headline figures, as
 * its own staff read them. Nothing here changes anything.
 */
export function UniversityStatistics() {
  const query = useUniversityStatistics();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) {
    return (
      <ErrorBlock
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const rows = query.data;
  return (
    <Card>
      <p className="mb-4 text-sm text-slate-600">{universityMessages.intro}</p>
      <TableScroll label={caption} className="rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                College
              </th>
              {[
                'Students',
                'Placed',
                'Placement rate',
                'Median package',
                'Highest package',
                'Offers made',
                'Offers accepted',
                'No-shows',
              ].map((header) => (
                <th key={header} scope="col" className="px-3 py-2 text-right">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(({ college, statistics: s }) => (
              <tr key={college.id}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {college.name}
                </th>
                {[
                  s.totalStudents,
                  s.placedStudents,
                  rateOf(s.placedStudents, s.totalStudents),
                  packageText(s.medianPackage),
                  packageText(s.highestPackage),
                  s.offers.made,
                  s.offers.accepted,
                  s.noShows.marked,
                ].map((value, i) => (
                  <td key={i} className="px-3 py-2 text-right tabular-nums text-slate-800">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
