import type { AuditEntry } from '@portal/contracts/staff';
import { Card } from '../../../components/ui/card.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { localDateTime } from '../../../lib/dates.ts';

const shown = (value: string) => (value === '' ? <span className="text-slate-600">(empty)</span> : value);

/** Who changed what and when, newest first (the server's order). */
export function AuditLog({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Card>
      <h3 id="audit-heading" className="mb-4 text-sm font-semibold text-slate-900">
        Audit log
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">No changes recorded yet.</p>
      ) : (
        <TableScroll labelledBy="audit-heading" className="rounded-lg border border-slate-200">
          <table aria-labelledby="audit-heading" className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Field
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Change
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {entries.map((entry) => (
                <tr key={entry._id}>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                    <time dateTime={entry.at}>{localDateTime(entry.at)}</time>
                  </td>
                  <td className="px-3 py-2 text-slate-900">{entry.by}</td>
                  <td className="px-3 py-2 font-medium text-slate-900">{entry.field}</td>
                  <td className="px-3 py-2 break-words text-slate-700">
                    {shown(entry.oldValue)} <span aria-hidden="true">→</span>{' '}
                    <span className="sr-only">changed to</span> {shown(entry.newValue)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
