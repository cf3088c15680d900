import type { FormEventHandler, ReactNode } from 'react';
import { Card } from './card.tsx';
import { DetailsFormFooter } from './details-form-footer.tsx';

type LockedDetailsCardProps = {
  title: string;
  /** Beside the title, e.g. who verified the details. */
  badge?: ReactNode;
  /** Said after the line on how to unlock a field. */
  hint?: ReactNode;
  /** Between the hint and the form, e.g. a change waiting for approval. */
  notice?: ReactNode;
  /** From `useLockedDetailsForm`. */
  details: { onSubmit: FormEventHandler; discard: () => void; isDirty: boolean };
  saving: boolean;
  /** The fields, laid out two to a row. */
  children: ReactNode;
};

/** A profile's details form whose fields stay locked until their pencils are pressed. */
export function LockedDetailsCard({
  title,
  badge,
  hint,
  notice,
  details,
  saving,
  children,
}: LockedDetailsCardProps) {
  return (
    <Card>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {badge}
      </div>
      <p className="mb-5 text-sm text-slate-600">
        Press the pencil beside a field to change it.
        {hint}
      </p>
      {notice}
      <form noValidate onSubmit={details.onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
        <DetailsFormFooter dirty={details.isDirty} saving={saving} onDiscard={details.discard} />
      </form>
    </Card>
  );
}
