import { PlacementCellDetails } from '../../../features/placement-cell/components/placement-cell-details.tsx';

export function ContactPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Contact Page</h1>
      <p className="mt-4 text-base text-slate-600">
        Questions about placements, your account or a company&apos;s approval go to the college&apos;s
        placement cell.
      </p>
      <div className="mt-6">
        <PlacementCellDetails />
      </div>
    </div>
  );
}
