import { Button } from './button.tsx';

/**
 * Previous / "Page n of m" / Next under a paged list. `label` names the list for screen readers
 * ("Pages of change requests").
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
  className = '',
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`flex items-center justify-center gap-3 ${className}`}>
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <p className="text-sm text-slate-700">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </Button>
    </nav>
  );
}
