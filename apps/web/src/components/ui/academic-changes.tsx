import { academicFields, auditChanges } from '@portal/contracts/audit';
import type { AcademicValues } from '@portal/contracts/students';

const shown = (value: string) => (value === '' ? <span className="text-slate-500">(empty)</span> : value);

/**
 * Each academic field a change touches, as "CGPA: 8 → 9", named as the audit log names it. Shared
 * by the student's pending note, the staff record page and the verification page.
 */
export function AcademicChanges({
  from,
  to,
  label,
}: {
  from: AcademicValues;
  to: AcademicValues;
  /** The list's accessible name, e.g. "Requested changes". */
  label: string;
}) {
  const changes = auditChanges(from, to, academicFields);
  return (
    <ul aria-label={label} className="space-y-1 text-sm">
      {changes.map((change) => (
        <li key={change.field} className="break-words text-slate-700">
          <span className="font-medium text-slate-900">{change.field}:</span> {shown(change.oldValue)}{' '}
          <span aria-hidden="true">→</span> <span className="sr-only">changed to</span>{' '}
          <span className="font-medium text-slate-900">{shown(change.newValue)}</span>
        </li>
      ))}
    </ul>
  );
}
