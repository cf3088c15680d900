import type { PlacementStatistics } from '@portal/contracts/staff';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartData,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import type { ReactNode } from 'react';
import { Bar } from 'react-chartjs-2';
import { type Cohort, cohortSummary, countSummary } from '../../../lib/placement-numbers.ts';

// Only what bar charts need, so the chunk stays small. chart.js draws on a canvas and never
// evaluates strings, so it runs under the CSP's script-src 'self'.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const placedColour = '#4f46e5'; // indigo-600, the house accent
const notPlacedColour = '#cbd5e1'; // slate-300

const stackedOptions: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { position: 'bottom' } },
  scales: {
    x: { stacked: true, grid: { display: false } },
    y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
  },
};

const singleOptions: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  indexAxis: 'y',
  plugins: { legend: { display: false } },
  scales: { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { grid: { display: false } } },
};

const cohortData = (cohorts: readonly Cohort[]): ChartData<'bar'> => ({
  labels: cohorts.map((c) => c.label),
  datasets: [
    { label: 'Placed', data: cohorts.map((c) => c.placed), backgroundColor: placedColour },
    {
      label: 'Not placed',
      data: cohorts.map((c) => c.total - c.placed),
      backgroundColor: notPlacedColour,
    },
  ],
});

type ChartFrameProps = { title: string; className?: string; children: ReactNode };

function ChartFrame({ title, className = '', children }: ChartFrameProps) {
  return (
    <figure className={`min-w-0 rounded-xl border border-slate-200 p-4 ${className}`}>
      <figcaption className="mb-3 text-sm font-semibold text-slate-900">{title}</figcaption>
      <div className="relative h-64">{children}</div>
    </figure>
  );
}

/** Bar charts of the statistics; the numbers themselves are shown as text by the caller. */
export default function PlacementCharts({ statistics: s }: { statistics: PlacementStatistics }) {
  const byDegree = s.byDegree.map((d) => ({
    label: d.branch ? `${d.degree} ${d.branch}` : d.degree,
    total: d.total,
    placed: d.placed,
  }));
  const byYear = s.byYear.map((y) => ({ label: String(y.year), total: y.total, placed: y.placed }));
  const stageCounts = s.applicationsByStage.map((a) => ({ label: a.stage, count: a.count }));
  const stages: ChartData<'bar'> = {
    labels: s.applicationsByStage.map((a) => a.stage),
    datasets: [
      {
        label: 'Applications',
        data: s.applicationsByStage.map((a) => a.count),
        backgroundColor: placedColour,
      },
    ],
  };

  // react-chartjs-2 gives each canvas role="img"; its aria-label carries the chart's figures, so a
  // screen reader hears what the bars show rather than only that there is a picture.
  return (
    <div className="mt-6 grid gap-4 md:grid-cols-2">
      <ChartFrame className="md:col-span-2" title="Placed by degree">
        <Bar
          data={cohortData(byDegree)}
          options={stackedOptions}
          aria-label={cohortSummary('Placed by programme', byDegree)}
        />
      </ChartFrame>
      <ChartFrame title="Placed by year of passing">
        <Bar
          data={cohortData(byYear)}
          options={stackedOptions}
          aria-label={cohortSummary('Placed by year of passing', byYear)}
        />
      </ChartFrame>
      <ChartFrame title="Applications per stage">
        <Bar
          data={stages}
          options={singleOptions}
          aria-label={countSummary('Applications per stage', stageCounts)}
        />
      </ChartFrame>
    </div>
  );
}
