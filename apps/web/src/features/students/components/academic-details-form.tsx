import { zodResolver } from '@hookform/resolvers/zod';
import { toasts, verification } from '@portal/contracts/messages';
import {
  academicBounds,
  type EducationalDetailsUpdate,
  educationalDetailsUpdate,
  type StudentRecord,
} from '@portal/contracts/students';
import { Controller, type DefaultValues, type FieldError, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DegreesField } from '../../../components/ui/degrees-field.tsx';
import { EditToggle } from '../../../components/ui/edit-toggle.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { AcademicChanges } from '../../../components/ui/academic-changes.tsx';
import { VerificationBadge } from '../../../components/ui/verification-badge.tsx';
import { sentForApproval, useUpdateProfileDetail } from '../api/update-profile-detail.ts';
import { useLockedFields } from '../../../hooks/use-locked-fields.ts';

type FieldName = keyof EducationalDetailsUpdate;

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
  const lock = useLockedFields<FieldName>();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<EducationalDetailsUpdate>({
    resolver: zodResolver(educationalDetailsUpdate),
    defaultValues: valuesOf(student),
  });

  const toggle = (name: FieldName) => {
    if (lock.isLocked(name)) setFocus(name);
    lock.toggle(name);
  };

  const onSubmit = handleSubmit(
    (value) =>
      update.mutate(
        { typ: 'educationalDetails', value },
        {
          onSuccess: (outcome) => {
            if (sentForApproval(outcome)) {
              // The record keeps its verified values; the change shows in the note until decided.
              toast.info(outcome);
              reset();
            } else {
              toast.success(toasts.detailsUpdated);
              reset(valuesOf(outcome));
            }
            lock.lockAll();
          },
          onError: (error) => toast.error(errorMessage(error)),
        },
      ),
    // A field the schema refuses (say a mother's name never filled in) opens for editing.
    (invalid) => lock.unlock(Object.keys(invalid) as FieldName[]),
  );

  const discard = () => {
    reset();
    lock.lockAll();
  };

  const toggleFor = (name: FieldName, label: string) => (
    <EditToggle label={label} pressed={!lock.isLocked(name)} onToggle={() => toggle(name)} />
  );

  const degreeErrors = Array.isArray(errors.degrees) ? (errors.degrees as (FieldError | undefined)[]) : [];

  const { verified, verification: stamp } = student.educationalDetails;
  const pending = student.pendingAcademicChange;

  return (
    <Card>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Academic details</h3>
        <VerificationBadge verification={stamp} />
      </div>
      <p className="mb-5 text-sm text-slate-600">
        Press the pencil beside a field to change it.
        {verified && ' The placement cell has verified these details: a change goes to them for approval.'}
      </p>
      {pending && (
        <div
          role="status"
          className="mb-5 space-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p>{verification.pendingNote}</p>
          <AcademicChanges from={student.educationalDetails} to={pending.newValues} label="Waiting changes" />
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Roll Number"
            type="number"
            inputMode="numeric"
            min={academicBounds.rollNumber.min}
            step={1}
            error={errors.rollNumber?.message}
            {...register('rollNumber', { valueAsNumber: true })}
            {...lock.lockProps('rollNumber')}
            addon={toggleFor('rollNumber', 'Roll Number')}
          />
          <TextField
            label="College Name"
            autoComplete="organization"
            error={errors.collegeName?.message}
            {...register('collegeName')}
            {...lock.lockProps('collegeName')}
            addon={toggleFor('collegeName', 'College Name')}
          />
          <Controller
            control={control}
            name="degrees"
            render={({ field }) => (
              <DegreesField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={errors.degrees?.message ?? errors.degrees?.root?.message}
                itemErrors={degreeErrors}
                editable={!lock.isLocked('degrees')}
                lockProps={lock.lockProps('degrees')}
                toggle={toggleFor('degrees', 'Degrees')}
              />
            )}
          />
          <TextField
            label="CGPA"
            type="number"
            inputMode="decimal"
            min={0}
            max={academicBounds.cgpa.max}
            step={0.01}
            error={errors.cgpa?.message}
            {...register('cgpa', { valueAsNumber: true })}
            {...lock.lockProps('cgpa')}
            addon={toggleFor('cgpa', 'CGPA')}
          />
          <TextField
            label="Year of Passing"
            type="number"
            inputMode="numeric"
            min={academicBounds.yearOfPassing.min}
            max={academicBounds.yearOfPassing.max}
            step={1}
            error={errors.yearOfPassing?.message}
            {...register('yearOfPassing', { valueAsNumber: true })}
            {...lock.lockProps('yearOfPassing')}
            addon={toggleFor('yearOfPassing', 'Year of Passing')}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={discard} disabled={!isDirty || update.isPending}>
            Discard changes
          </Button>
          <Button type="submit" disabled={!isDirty} isPending={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
