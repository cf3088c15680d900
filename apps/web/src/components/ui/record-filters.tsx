import { academicBounds } from '@portal/contracts/students';
import { DebouncedTextField } from './debounced-text-field.tsx';
import { SelectField } from './field.tsx';
import { ProgrammeFilter } from './programme-filter.tsx';

/** The filters on a student's record that every student table offers, as the URL keeps them. */
export type RecordFilterValues = {
  degree: string;
  cgpaMin: string;
  cgpaMax: string;
  verified: string;
  year: string;
};

/**
 * The record's filters of a student table (the staff list, Browse students, the applicant table):
 * programme, CGPA range, verification and year of passing, in one place so the three tables ask
 * alike. Each change is committed as the server reads it (a year only once it has four digits).
 */
export function RecordFilterFields({
  values,
  onChange,
}: {
  values: RecordFilterValues;
  onChange: (key: keyof RecordFilterValues, value: string) => void;
}) {
  return (
    <>
      <ProgrammeFilter value={values.degree} onChange={(value) => onChange('degree', value)} />
      <div className="grid grid-cols-2 gap-2">
        <DebouncedTextField
          label="CGPA from"
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step="0.1"
          value={values.cgpaMin}
          onCommit={(value) => onChange('cgpaMin', value.trim())}
        />
        <DebouncedTextField
          label="CGPA to"
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step="0.1"
          value={values.cgpaMax}
          onCommit={(value) => onChange('cgpaMax', value.trim())}
        />
      </div>
      <SelectField
        label="Verified"
        value={values.verified}
        onChange={(event) => onChange('verified', event.target.value)}
      >
        <option value="">Any</option>
        <option value="true">Verified</option>
        <option value="false">Not verified</option>
      </SelectField>
      <DebouncedTextField
        label="Year of passing"
        type="number"
        inputMode="numeric"
        min={academicBounds.yearOfPassing.min}
        max={academicBounds.yearOfPassing.max}
        placeholder="e.g. 2026"
        value={values.year}
        onCommit={(value) => onChange('year', /^\d{4}$/.test(value.trim()) ? value.trim() : '')}
      />
    </>
  );
}
