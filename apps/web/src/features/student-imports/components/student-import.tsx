import {
  DEGREE_SEPARATOR,
  importColumns,
  importFields,
  importLimits,
  type ImportPreview,
} from '@portal/contracts/student-imports';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConfirmImport } from '../api/confirm-import.ts';
import { useDiscardImport } from '../api/discard-import.ts';
import { importTemplateUrl, usePreviewImport } from '../api/preview-import.ts';

const th = 'px-3 py-2 font-medium';
const td = 'px-3 py-2 align-top text-slate-800';
const shown = (value: string) => (value === '' ? <span className="text-slate-600">(empty)</span> : value);

/** One section of the preview: a heading with its count, then its table (or a line saying none). */
function PreviewSection({
  title,
  total,
  listed,
  empty,
  head,
  children,
}: {
  title: string;
  total: number;
  listed: number;
  empty: string;
  head: readonly string[];
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h4 id={headingId} className="text-base font-semibold text-slate-900">
        {title} ({total.toLocaleString('en-US')})
      </h4>
      {total === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          {listed < total && (
            <p className="text-sm text-slate-600">
              Showing the first {listed.toLocaleString('en-US')} of {total.toLocaleString('en-US')}.
            </p>
          )}
          <TableScroll labelledBy={headingId} className="rounded-lg border border-slate-200">
            <table aria-labelledby={headingId} className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-700 uppercase">
                <tr>
                  {head.map((h) => (
                    <th key={h} scope="col" className={th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">{children}</tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}

function Preview({
  preview,
  onApplied,
  onDiscarded,
}: {
  preview: ImportPreview;
  onApplied?: () => void;
  onDiscarded: () => void;
}) {
  const confirm = useConfirmImport({ onApplied });
  const discard = useDiscardImport();
  const { totals } = preview;
  const nothingToDo = totals.create + totals.update === 0;
  const applied = confirm.isSuccess;
  const counts = [
    ['Students in the file', totals.rows],
    ['To create', totals.create],
    ['To update', totals.update],
    ['Unchanged', totals.unchanged],
    ['Errors', totals.errors],
  ] as const;

  return (
    <Card>
      <h3 className="text-lg font-semibold text-slate-900">Preview of {preview.fileName}</h3>
      <p className="mt-1 text-sm text-slate-600">
        Nothing has been written yet. Check the changes below, then confirm to apply them all at once.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs font-medium text-slate-700">{label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900">{value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 space-y-6">
        <PreviewSection
          title="To create"
          total={totals.create}
          listed={preview.create.length}
          empty="No new students."
          head={['Row', 'Name', 'Email', 'Roll number']}
        >
          {preview.create.map((c) => (
            <tr key={c.row}>
              <td className={td}>{c.row}</td>
              <td className={td}>{c.name}</td>
              <td className={`${td} break-all`}>{c.email}</td>
              <td className={td}>{c.rollNumber ?? shown('')}</td>
            </tr>
          ))}
        </PreviewSection>

        <PreviewSection
          title="To update"
          total={totals.update}
          listed={preview.update.length}
          empty="No changes to existing students."
          head={['Row', 'Student', 'Changes']}
        >
          {preview.update.map((u) => (
            <tr key={u.row}>
              <td className={td}>{u.row}</td>
              <td className={td}>
                {u.student.name}
                <span className="block text-xs break-all text-slate-600">{u.student.email}</span>
              </td>
              <td className={td}>
                <ul className="space-y-1">
                  {u.changes.map((change) => (
                    <li key={change.field}>
                      <span className="font-medium">{change.field}:</span> {shown(change.from)}{' '}
                      <span aria-hidden="true">→</span> <span className="sr-only">changes to</span>{' '}
                      {shown(change.to)}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </PreviewSection>

        <PreviewSection
          title="Errors"
          total={totals.errors}
          listed={preview.errors.length}
          empty="No errors."
          head={['Row', 'Column', 'Message']}
        >
          {preview.errors.map((e, i) => (
            <tr key={`${e.row}-${e.column}-${i}`}>
              <td className={td}>{e.row}</td>
              <td className={td}>{e.column || shown('')}</td>
              <td className={`${td} text-red-800`}>{e.message}</td>
            </tr>
          ))}
        </PreviewSection>
      </div>

      <div className="mt-6 space-y-3 border-t border-slate-200 pt-4">
        {totals.errors > 0 && !applied && (
          <p className="text-sm text-slate-800">
            Nothing can be imported while the file has errors. Fix them in the file and upload it again.
          </p>
        )}
        {applied ? (
          <div role="status" className="space-y-2">
            <p className="text-sm font-medium text-emerald-800">{confirm.data.summary}</p>
            <Link
              to={paths.staff.students}
              className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
            >
              Go to the student list
            </Link>
          </div>
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() => confirm.mutate(preview.id)}
              isPending={confirm.isPending}
              disabled={totals.errors > 0 || nothingToDo || discard.isPending}
            >
              Confirm import
            </Button>
            <Button
              variant="secondary"
              isPending={discard.isPending}
              disabled={confirm.isPending}
              onClick={() => discard.mutate(preview.id, { onSettled: onDiscarded })}
            >
              Discard
            </Button>
          </div>
        )}
        {confirm.isPending && (
          <p className="text-sm text-slate-700">Applying the import: a large file can take a minute.</p>
        )}
        {confirm.isError && (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(confirm.error)}
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * Bulk import of students from a CSV: upload, read the preview (what would be created, what would
 * change, which rows have errors), then confirm it or discard it.
 */
export function StudentImport({ onApplied }: { onApplied?: () => void }) {
  const previewing = usePreviewImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const inputId = useId();
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setPreview(null);
    previewing.mutate(file, { onSuccess: setPreview });
  };

  return (
    <div className="space-y-6">
      <Card>
        <h3 className="text-lg font-semibold text-slate-900">Upload a file</h3>
        <div id={hintId} className="mt-2 space-y-2 text-sm text-slate-700">
          <p>
            An XLSX workbook (its first sheet) or a CSV file with one student a row and these columns:{' '}
            {importFields.map((f) => importColumns[f].header).join(', ')}. Separate several degrees with
            &ldquo;{DEGREE_SEPARATOR}&rdquo;. A blank cell leaves the student&apos;s value as it is.
          </p>
          <p>
            Students are matched by email, or by roll number when a row has no email; the others are created
            and emailed a link to set their password. At most {importLimits.maxRows.toLocaleString('en-US')}{' '}
            students and {importLimits.maxBytes / 1_000_000} MB. From another spreadsheet format, save as XLSX
            or &ldquo;CSV UTF-8&rdquo;.
          </p>
          <p>
            <a
              href={importTemplateUrl}
              download
              className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
            >
              Download the template (CSV)
            </a>
          </p>
        </div>
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
          <div className="min-w-0">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
              CSV or XLSX file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={hintId}
              className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <Button type="submit" disabled={!file} isPending={previewing.isPending}>
            Preview import
          </Button>
        </form>
        {previewing.progress !== null && (
          <div className="mt-3">
            <ProgressBar value={previewing.progress} label="Uploading the file" />
          </div>
        )}
        {previewing.isError && (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {errorMessage(previewing.error)}
          </p>
        )}
      </Card>
      {preview && (
        <Preview
          key={preview.id}
          preview={preview}
          onApplied={onApplied}
          onDiscarded={() => setPreview(null)}
        />
      )}
    </div>
  );
}
