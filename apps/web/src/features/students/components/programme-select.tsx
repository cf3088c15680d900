import { matchKey, programmeForText, programmesByDegree } from '@portal/contracts/programmes';
import { useId, useState } from 'react';
import { useProgrammes } from '../../../lib/programmes-query.ts';

/**
 * The student's current programme, picked from the college's catalogue: a search box narrows a
 * list grouped by degree. Choosing one writes its name as the first of the degrees (the spec's
 * field), which the server maps to the programme; the other degrees stay as earlier ones.
 */
export function ProgrammeSelect({
  degrees,
  onChange,
  disabled,
}: {
  degrees: string[];
  onChange: (degrees: string[]) => void;
  disabled: boolean;
}) {
  const programmes = useProgrammes();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const selectId = useId();
  const catalogue = programmes.data ?? [];
  const current = programmeForText(degrees[0] ?? '', catalogue);
  const key = matchKey(search);
  const shown = catalogue.filter(
    (p) =>
      (!p.retired || p._id === current?._id) &&
      (key === '' || matchKey(`${p.name} ${p.code}`).includes(key) || p._id === current?._id),
  );
  const byDegree = programmesByDegree(shown);

  const choose = (id: string) => {
    const chosen = catalogue.find((p) => p._id === id);
    if (!chosen) return;
    // The chosen programme replaces the first degree when that one was a programme (or empty).
    const rest = current || (degrees[0] ?? '').trim() === '' ? degrees.slice(1) : degrees;
    onChange([chosen.name, ...rest]);
  };

  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
          Search programmes
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          disabled={disabled}
          placeholder="e.g. CSE, MBA"
          onChange={(event) => setSearch(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500"
        />
      </div>
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
          Current programme
        </label>
        <select
          id={selectId}
          value={current?._id ?? ''}
          disabled={disabled || programmes.isPending}
          onChange={(event) => choose(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500"
        >
          <option value="">Not chosen</option>
          {byDegree.map(([degree, list]) => (
            <optgroup key={degree} label={degree}>
              {list.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name} ({p.code})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </div>
  );
}
