import { companyCollegeMessages } from '@portal/contracts/companies';
import { approval } from '@portal/contracts/messages';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { useAskCollege } from '../api/ask-college.ts';
import { useCompanyColleges } from '../api/get-company-colleges.ts';

/**
 * Where the company recruits, on its profile when the deployment has more than one college: its
 * standing at each college with the reason given, and "Ask to recruit here" where it has not asked.
 * Each college's placement cell decides on its own.
 */
export function CompanyCollegesCard({ className = '' }: { className?: string }) {
  const { data: colleges } = useCompanyColleges();
  const ask = useAskCollege();
  if (!colleges || colleges.length < 2) return null;
  return (
    <Card className={className}>
      <h2 className="text-lg font-semibold text-slate-900">Colleges</h2>
      <p className="mt-1 text-sm text-slate-600">{companyCollegeMessages.collegesHint}</p>
      <ul className="mt-4 divide-y divide-slate-100">
        {colleges.map((college) => (
          <li key={college.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{college.name}</p>
              {college.statusReason ? (
                <p className="text-sm text-slate-600">
                  {approval.reasonLabel} {college.statusReason}
                </p>
              ) : null}
            </div>
            {college.status ? (
              <StatusBadge status={college.status} />
            ) : (
              <Button
                variant="secondary"
                disabled={ask.isPending}
                onClick={() => ask.mutate(college.id, { onSuccess: (message) => toast.success(message) })}
              >
                Ask to recruit at {college.name}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
