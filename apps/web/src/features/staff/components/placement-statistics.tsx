import type { PlacementStatistics as Statistics } from '@portal/contracts/staff';
import { lazy, type ReactNode, Suspense } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { packageText, percent, rateOf } from '../../../lib/placement-numbers.ts';

/** A statistics row's programme: its degree and branch. */
const programmeLabel = (row: Statistics['byDegree'][number]) =>
  row.branch ? `${row.degree} ${row.branch}` : row.degree;

// chart.js is only needed here: it loads in a chunk of its own, after the numbers are on screen.
const PlacementCharts = lazy(() => import('./placement-charts.tsx'));

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-slate-500">{note}</dd>}
    </div>
  );
}

type Column<Row> = { header: string; cell: (row: Row) => ReactNode; numeric?: boolean };

function StatTable<Row>({
  className = '',
  caption,
  rows,
  rowKey,
  columns,
  empty,
}: {
  className?: string;
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  empty: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <h4 className="mb-2 text-sm font-semibold text-slate-900">{caption}</h4>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <TableScroll label={caption} className="rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={`px-3 py-2 font-medium ${column.numeric ? 'text-right' : ''}`}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column.header} scope="row" className="px-3 py-2 font-medium text-slate-900">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={column.header}
                        className={`px-3 py-2 text-slate-700 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                      >
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

type Cohort = { total: number; placed: number };

const cohortColumns = <Row extends Cohort>(header: string, name: (row: Row) => string): Column<Row>[] => [
  { header, cell: name },
  { header: 'Placed', cell: (row) => row.placed, numeric: true },
  { header: 'Students', cell: (row) => row.total, numeric: true },
  { header: 'Rate', cell: (row) => rateOf(row.placed, row.total), numeric: true },
];

/** The numbers as text: readable before (and without) the charts. */
function StatisticsNumbers({ statistics: s }: { statistics: Statistics }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Tile
          label="Students placed"
          value={`${s.placedStudents} / ${s.totalStudents}`}
          note="An accepted offer, or marked placed by staff"
        />
        <Tile label="Placement rate" value={percent(s.placementRate)} />
        <Tile label="Highest package" value={packageText(s.highestPackage)} />
        <Tile label="Median package" value={packageText(s.medianPackage)} />
        <Tile label="Average package" value={packageText(s.averagePackage)} />
      </dl>
      <div className="grid gap-6 md:grid-cols-2">
        <StatTable
          className="md:col-span-2"
          caption="By programme"
          rows={s.byDegree}
          rowKey={(row) => `${row.degree}|${row.branch}`}
          columns={cohortColumns<Statistics['byDegree'][number]>('Programme', programmeLabel)}
          empty="No programmes recorded yet."
        />
        <StatTable
          caption="By year of passing"
          rows={s.byYear}
          rowKey={(row) => String(row.year)}
          columns={cohortColumns<Statistics['byYear'][number]>('Year', (row) => String(row.year))}
          empty="No years of passing recorded yet."
        />
        <StatTable
          caption="Offers"
          rows={[
            { label: 'Made', count: s.offers.made },
            { label: 'Accepted', count: s.offers.accepted },
            { label: 'Declined', count: s.offers.declined },
            { label: 'Lapsed', count: s.offers.lapsed },
          ]}
          rowKey={(row) => row.label}
          columns={[
            { header: 'Offers', cell: (row) => row.label },
            { header: 'Count', cell: (row) => row.count, numeric: true },
          ]}
          empty="No offers yet."
        />
        <StatTable
          caption="Drive-day no-shows"
          rows={[
            { label: 'Marked', count: s.noShows.marked },
            { label: 'Waived', count: s.noShows.waived },
          ]}
          rowKey={(row) => row.label}
          columns={[
            { header: 'No-shows', cell: (row) => row.label },
            { header: 'Count', cell: (row) => row.count, numeric: true },
          ]}
          empty="No no-shows."
        />
        <StatTable
          caption="Placed students per tier"
          rows={s.placedByTier}
          rowKey={(row) => row.tier}
          columns={[
            { header: 'Tier', cell: (row) => row.tier },
            { header: 'Placed', cell: (row) => row.placed, numeric: true },
          ]}
          empty="No tiers set."
        />
        <StatTable
          caption="Applications per stage"
          rows={s.applicationsByStage}
          rowKey={(row) => row.stage}
          columns={[
            { header: 'Stage', cell: (row) => row.stage },
            { header: 'Applications', cell: (row) => row.count, numeric: true },
          ]}
          empty="No applications yet."
        />
      </div>
    </div>
  );
}

/** The college's placement statistics: the numbers first, the charts once their code has loaded. */
export function PlacementStatistics() {
  const statistics = useStatistics();

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Placement statistics</h3>
      <p className="mb-5 text-sm text-slate-600">How the college&apos;s students are doing this season.</p>
      {statistics.isPending ? (
        <LoadingBlock />
      ) : statistics.isError ? (
        <ErrorBlock
          message={errorMessage(statistics.error)}
          onRetry={() => void statistics.refetch()}
          retrying={statistics.isRefetching}
        />
      ) : (
        <>
          <StatisticsNumbers statistics={statistics.data} />
          {/* The charts repeat the numbers above: if they cannot load or draw, the numbers stay. */}
          <ErrorBoundary
            fallback={<p className="mt-6 text-sm text-slate-500">The charts could not be drawn here.</p>}
          >
            <Suspense
              fallback={
                <p
                  role="status"
                  className="flex items-center justify-center gap-2 py-12 text-sm text-slate-600"
                >
                  <Spinner className="size-5 text-indigo-600" /> Loading charts...
                </p>
              }
            >
              <PlacementCharts statistics={statistics.data} />
            </Suspense>
          </ErrorBoundary>
        </>
      )}
    </Card>
  );
}
