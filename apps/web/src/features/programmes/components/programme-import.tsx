import type { ProgrammeImportResult } from '@portal/contracts/api/programmes';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Card } from '../../../components/ui/card.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useImportProgrammes } from '../api/save-programme.ts';

/** The catalogue from a CSV file (Code, Level, Degree, Branch, Duration): all rows or none. */
export function ProgrammeImport() {
  const importCsv = useImportProgrammes();
  const [errors, setErrors] = useState<ProgrammeImportResult['errors']>([]);
  const inputId = useId();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const csv = await file.text();
    importCsv.mutate(csv, {
      onSuccess: (result) => {
        setErrors(result.errors);
        if (result.errors.length === 0) {
          toast.success(`Catalogue imported: ${result.created} added, ${result.updated} updated.`);
        } else toast.error(`Nothing was imported: ${result.errors.length} problem(s) in the file.`);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Import from CSV</h3>
      <p className="mb-4 text-sm text-slate-600">
        Columns Code, Level, Degree, Branch and Duration; a known code is updated, a new one added. When any
        row has a problem, nothing is saved.
      </p>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        Catalogue file
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        disabled={importCsv.isPending}
        onChange={(event) => void onFile(event.target.files?.[0])}
        className="mt-1 block w-full text-sm"
      />
      {errors.length > 0 && (
        <TableScroll label="Problems in the file" className="mt-4">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Problems in the file</caption>
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                <th scope="col" className="px-3 py-2">
                  Column
                </th>
                <th scope="col" className="px-3 py-2">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {errors.map((e, i) => (
                <tr key={i}>
                  <td className="px-3 py-2">{e.row}</td>
                  <td className="px-3 py-2">{e.column}</td>
                  <td className="px-3 py-2">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
