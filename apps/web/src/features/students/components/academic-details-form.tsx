import { verification } from '@portal/contracts/messages';
import {
  academicBounds,
  type EducationalDetailsUpdate,
  educationalDetailsUpdate,
  type StudentRecord,
} from '@portal/contracts/students';
import { Controller, type DefaultValues, type FieldError } from 'react-hook-form';
import { AcademicChanges } from '../../../components/ui/academic-changes.tsx';
import { DegreesField } from '../../../components/ui/degrees-field.tsx';
import { LockedDetailsCard } from '../../../components/ui/locked-details-card.tsx';
import { VerificationBadge } from '../../../components/ui/verification-badge.tsx';
import { useLockedDetailsForm } from '../../../hooks/use-locked-details-form.tsx';
import { sentForApproval, useUpdateProfileDetail } from '../api/update-profile-detail.ts';
import { ProgrammeSelect } from './programme-select.tsx';

/** A number the record has not got yet is an empty input, not 0. */
const valuesOf = ({ educationalDetails: e }: StudentRecord): DefaultValues<EducationalDetailsUpdate> => ({
  rollNumber: e.rollNumber ?? undefined,
  degrees: e.degrees.length > 0 ? e.degrees : [''],
  collegeName: e.collegeName,
  cgpa: e.cgpa ?? undefined,
  yearOfPassing: e.yearOfPassing ?? undefined,
});

/**
 * Roll number, degrees, college, CGPA and year of passing; locked until each edit toggle. Once the
 * placement cell has verified them, a change is sent to them for approval instead of being saved,
 * and the note shows what is waiting.
 */
export function AcademicDetailsForm({ student }: { student: StudentRecord }) {
  const update = useUpdateProfileDetail();
  const details = useLockedDetailsForm({
    schema: educationalDetailsUpdate,
    defaultValues: valuesOf(student),
    save: (value, { saved, heldForApproval }) =>
      update.mutate(
        { typ: 'educationalDetails', value },
        {
          // A held change keeps the verified values; it shows in the note until decided.
          onSuccess: (outcome) =>
            sentForApproval(outcome) ? heldForApproval(outcome) : saved(valuesOf(outcome)),
        },
      ),
  });
  const {
    form: {
      control,
      formState: { errors },
    },
    field,
    toggleFor,
    isLocked,
    lockProps,
  } = details;

  const degreeErrors = Array.isArray(errors.degrees) ? (errors.degrees as (FieldError | undefined)[]) : [];

  const { verified, verification: stamp } = student.educationalDetails;
  const pending = student.pendingAcademicChange;

  return (
    <LockedDetailsCard
      title="Academic details"
      badge={<VerificationBadge verification={stamp} />}
      hint={verified && ' The placement cell has verified these details: a change goes to them for approval.'}
      notice={
        pending && (
          <div
            role="status"
            className="mb-5 space-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <p>{verification.pendingNote}</p>
            <AcademicChanges
              from={student.educationalDetails}
              to={pending.newValues}
              label="Waiting changes"
            />
          </div>
        )
      }
      details={details}
      saving={update.isPending}
      error={update.error}
    >
      {field('rollNumber', 'Roll Number', {
        maxLength: academicBounds.rollNumber.maxLength,
        autoCapitalize: 'characters',
        spellCheck: false,
      })}
      {field('collegeName', 'College Name', { autoComplete: 'organization' })}
      <Controller
        control={control}
        name="degrees"
        render={({ field: degrees }) => (
          <>
            <ProgrammeSelect
              degrees={degrees.value}
              onChange={degrees.onChange}
              disabled={isLocked('degrees')}
            />
            <DegreesField
              value={degrees.value}
              onChange={degrees.onChange}
              onBlur={degrees.onBlur}
              inputRef={degrees.ref}
              error={errors.degrees?.message ?? errors.degrees?.root?.message}
              itemErrors={degreeErrors}
              editable={!isLocked('degrees')}
              lockProps={lockProps('degrees')}
              toggle={toggleFor('degrees', 'Degrees')}
            />
          </>
        )}
      />
      {field(
        'cgpa',
        'CGPA',
        { type: 'number', inputMode: 'decimal', min: 0, max: academicBounds.cgpa.max, step: 0.01 },
        { valueAsNumber: true },
      )}
      {field(
        'yearOfPassing',
        'Year of Passing',
        {
          type: 'number',
          inputMode: 'numeric',
          min: academicBounds.yearOfPassing.min,
          max: academicBounds.yearOfPassing.max,
          step: 1,
        },
        { valueAsNumber: true },
      )}
    </LockedDetailsCard>
  );
}
