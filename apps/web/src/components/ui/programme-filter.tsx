import { degreeLevels, programmesByDegree } from '@portal/contracts/programmes';
import { useProgrammes } from '../../lib/programmes-query.ts';
import { SelectField } from './field.tsx';

/**
 * A list filter by programme, chosen from the college's catalogue: a level ("Any Postgraduate"), a
 * degree with all its branches, or one programme. Its value is the target the server matches
 * against each student's programme (`degree:B.Tech`, `programme:BTECH-CSE`, `level:Postgraduate`),
 * as a job's targets are; a typed degree kept from an older link stays chosen as it was.
 */
export function ProgrammeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const programmes = useProgrammes();
  const catalogue = programmes.data ?? [];
  const levels = degreeLevels.filter((level) => catalogue.some((p) => p.level === level));
  const known =
    value === '' ||
    levels.some((l) => `level:${l}` === value) ||
    catalogue.some((p) => `degree:${p.degree}` === value || `programme:${p.code}` === value);
  return (
    <SelectField label="Programme" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">Any programme</option>
      {!known && <option value={value}>{value}</option>}
      <optgroup label="Degree levels">
        {levels.map((level) => (
          <option key={level} value={`level:${level}`}>
            Any {level}
          </option>
        ))}
      </optgroup>
      {programmesByDegree(catalogue).map(([degree, list]) => (
        <optgroup key={degree} label={degree}>
          <option value={`degree:${degree}`}>All {degree} branches</option>
          {list
            .filter((p) => p.branch !== '')
            .map((p) => (
              <option key={p._id} value={`programme:${p.code}`}>
                {p.name}
                {p.retired ? ' (retired)' : ''}
              </option>
            ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
