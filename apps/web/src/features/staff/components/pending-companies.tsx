import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { staffCompaniesHref } from '../../../config/paths.ts';
import { useCompanies } from '../api/get-companies.ts';

/** On the dashboard: how many companies wait for the placement cell's approval, linking to them. */
export function PendingCompanies() {
  const pending = useCompanies({ status: 'Pending' });
  // The count is a shortcut: while it loads, or if it cannot, the companies page still has them.
  if (!pending.isSuccess) return null;
  const count = pending.data.total;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Companies awaiting approval</h3>
          <p className="mt-1 text-sm text-slate-700">
            {count === 0
              ? 'None: every company that signed up has been decided on.'
              : `${count} ${count === 1 ? 'company waits' : 'companies wait'} for your decision before seeing any student.`}
          </p>
        </div>
        {count > 0 && (
          <Link to={staffCompaniesHref('Pending')} className={buttonVariants.primary}>
            Review {count} pending
          </Link>
        )}
      </div>
    </Card>
  );
}
