import { PlacementCellDetails } from '../../../features/placement-cell/components/placement-cell-details.tsx';

export function AboutPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">About</h1>
      <p className="mt-4 text-base leading-relaxed text-slate-600">
        Placement Portal is the college&apos;s placement portal. It connects students, the placement cell and
        recruiting companies: students keep a profile and apply to jobs, the placement cell looks after the
        college&apos;s students and approves the companies, and companies post jobs and hire.
      </p>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">The placement cell</h2>
      <div className="mt-4">
        <PlacementCellDetails headingLevel={3} />
      </div>
    </div>
  );
}
