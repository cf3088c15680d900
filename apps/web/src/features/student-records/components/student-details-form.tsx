import { zodResolver } from '@hookform/resolvers/zod';
import { type StudentStatus, studentStatuses } from '@portal/contracts/common';
import { emailChange } from '@portal/contracts/messages';
import {
  type StaffStudentDetails,
  type UpdateStudentDetails,
  updateStudentDetailsBody,
} from '@portal/contracts/staff';
import { academicBounds } from '@portal/contracts/students';
import { type ReactNode, useId, useState } from 'react';
import { Controller, type FieldError, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DegreesField } from '../../../components/ui/degrees-field.tsx';
import { DetailsFormFooter } from '../../../components/ui/details-form-footer.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { VerificationBadge } from '../../../components/ui/verification-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateStudentDetails } from '../api/update-student-details.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

/** A record the form can edit: not an erased one (its page shows no form). */
export type EditableStudent = StaffStudentDetails & { role: StudentStatus };

/** The editable parts of the record, with the version the editor loaded. */
const valuesOf = (s: EditableStudent): UpdateStudentDetails => ({
  id: s._id,
  version: s.version,
  role: s.role,
  personalDetail: {
    firstName: s.personalDetail.firstName,
    lastName: s.personalDetail.lastName,
    fathersName: s.personalDetail.fathersName,
    mothersName: s.personalDetail.mothersName,
    emailID: s.personalDetail.emailID,
    phone: s.personalDetail.phone,
  },
  educationalDetails: {
    rollNumber: s.educationalDetails.rollNumber,
    degrees: s.educationalDetails.degrees,
    collegeName: s.educationalDetails.collegeName,
    cgpa: s.educationalDetails.cgpa,
    yearOfPassing: s.educationalDetails.yearOfPassing,
    verified: s.educationalDetails.verified,
  },
  placementStatus: {
    isPlaced: s.placementStatus.isPlaced,
    companyName: s.placementStatus.companyName,
    packageOffered: s.placementStatus.packageOffered,
    status: s.placementStatus.status,
  },
  // Sent as shown; the server keeps it only while the status is Debarred.
  debarment: { reason: s.debarment?.reason ?? '', until: s.debarment?.until ?? null },
});

/** An empty date input is "no end date" (null). */
const dateOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : value);

/** An empty roll number is "not given" (null); staff may clear it. */
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** An empty number input is "not given" (null), not 0 and not NaN. */
const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-4 text-sm font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type StudentDetailsFormProps = {
  student: EditableStudent;
  /** Fetches the record again (after someone else changed it). */
  onReload: () => void;
  reloading: boolean;
};

/**
 * Staff edit a student's personal, educational and placement details and account status. The save
 * carries the version the form was opened with: if someone else saved in between, the server
 * refuses (409) and the form offers to reload the newer record.
 */
export function StudentDetailsForm({ student, onReload, reloading }: StudentDetailsFormProps) {
  const update = useUpdateStudentDetails();
  const [stale, setStale] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(updateStudentDetailsBody), defaultValues: valuesOf(student) });

  const onSubmit = handleSubmit((value) =>
    update.mutate(value, {
      onSuccess: (message) => toast.success(message),
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setStale(error.message);
      },
    }),
  );

  const personal = errors.personalDetail;
  const education = errors.educationalDetails;
  const placement = errors.placementStatus;
  const degreeErrors = Array.isArray(education?.degrees)
    ? (education.degrees as (FieldError | undefined)[])
    : [];
  const isPlaced = useWatch({ control, name: 'placementStatus.isPlaced' });
  const status = useWatch({ control, name: 'role' });
  const verifiedHintId = useId();

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Edit the record</h3>
      <p className="mb-5 text-sm text-slate-600">Changes are saved together and kept in the audit log.</p>
      {stale && (
        <div
          role="alert"
          className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p>{stale}</p>
          <Button variant="secondary" onClick={onReload} isPending={reloading}>
            Reload
          </Button>
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-8">
        <Section title="Personal details">
          <TextField
            label="First Name"
            error={personal?.firstName?.message}
            {...register('personalDetail.firstName')}
          />
          <TextField
            label="Last Name"
            error={personal?.lastName?.message}
            {...register('personalDetail.lastName')}
          />
          <TextField
            label="Father's Name"
            error={personal?.fathersName?.message}
            {...register('personalDetail.fathersName')}
          />
          <TextField
            label="Mother's Name"
            error={personal?.mothersName?.message}
            {...register('personalDetail.mothersName')}
          />
          <TextField
            label="Email"
            type="email"
            error={personal?.emailID?.message}
            // A changed email waits for the student's approval and the new address's confirmation.
            hint={student.emailChange ? emailChange.underWay(student.emailChange.newEmail) : undefined}
            {...register('personalDetail.emailID')}
          />
          <TextField
            label="Phone"
            type="tel"
            inputMode="numeric"
            error={personal?.phone?.message}
            {...register('personalDetail.phone')}
          />
        </Section>

        <Section title="Educational details">
          <TextField
            label="Roll Number"
            maxLength={academicBounds.rollNumber.maxLength}
            autoCapitalize="characters"
            spellCheck={false}
            error={education?.rollNumber?.message}
            {...register('educationalDetails.rollNumber', { setValueAs: textOrNull })}
          />
          <TextField
            label="College Name"
            error={education?.collegeName?.message}
            {...register('educationalDetails.collegeName')}
          />
          <Controller
            control={control}
            name="educationalDetails.degrees"
            render={({ field }) => (
              <DegreesField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={education?.degrees?.message ?? education?.degrees?.root?.message}
                itemErrors={degreeErrors}
                editable
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
            error={education?.cgpa?.message}
            {...register('educationalDetails.cgpa', { setValueAs: numberOrNull })}
          />
          <TextField
            label="Year of Passing"
            type="number"
            inputMode="numeric"
            min={academicBounds.yearOfPassing.min}
            max={academicBounds.yearOfPassing.max}
            step={1}
            error={education?.yearOfPassing?.message}
            {...register('educationalDetails.yearOfPassing', { setValueAs: numberOrNull })}
          />
          <div className="sm:col-span-2">
            <div className="flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-3 text-sm font-medium text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300 accent-indigo-600"
                  aria-describedby={verifiedHintId}
                  {...register('educationalDetails.verified')}
                />
                Verified
              </label>
              <VerificationBadge verification={student.educationalDetails.verification} />
            </div>
            <p id={verifiedHintId} className="mt-1 text-xs text-slate-500">
              Once verified, the student&apos;s own changes to these details wait for the placement
              cell&apos;s approval.
            </p>
          </div>
        </Section>

        <Section title="Placement">
          <label className="flex items-center gap-3 text-sm font-medium text-slate-700 sm:col-span-2">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 accent-indigo-600"
              {...register('placementStatus.isPlaced')}
            />
            Placed
          </label>
          <TextField
            label="Company Name"
            error={placement?.companyName?.message}
            hint={isPlaced ? 'Required for a placed student.' : undefined}
            {...register('placementStatus.companyName')}
          />
          <TextField
            label="Package (LPA)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            error={placement?.packageOffered?.message}
            {...register('placementStatus.packageOffered', { setValueAs: numberOrNull })}
          />
          <TextField
            label="Status note"
            className="sm:col-span-2"
            placeholder="e.g. Offer accepted, joining in July"
            error={placement?.status?.message}
            {...register('placementStatus.status')}
          />
        </Section>

        <Section title="Account">
          <SelectField label="Account status" error={errors.role?.message} {...register('role')}>
            {studentStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </SelectField>
          {status === 'Debarred' && (
            <>
              <TextField
                label="Debarment reason"
                className="sm:col-span-2"
                placeholder="e.g. Skipped two interviews without notice"
                hint="Shown to the student with the end date."
                error={errors.debarment?.reason?.message}
                {...register('debarment.reason')}
              />
              <TextField
                label="Debarred until"
                type="date"
                hint="Optional: the last day of the debarment. Empty: until staff lift it."
                error={errors.debarment?.until?.message}
                {...register('debarment.until', { setValueAs: dateOrNull })}
              />
            </>
          )}
        </Section>

        <FormAlert error={update.error} />
        <DetailsFormFooter
          dirty={isDirty}
          saving={update.isPending}
          onDiscard={() => reset()}
          className="border-t border-slate-100 pt-5"
        />
      </form>
    </Card>
  );
}
