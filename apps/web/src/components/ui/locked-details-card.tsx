import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { FormAlert } from './form-alert.tsx';
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
  details: { onSubmit: FormEventHandler; discard: () => void; isDirty: boolean; editAll: () => void };
  saving: boolean;
  /** The last save's failure (the mutation's error), kept on the form beside its toast. */
  error?: unknown;
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
  error,
  children,
}: LockedDetailsCardProps) {
  return (
    <Card>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <div className="flex flex-wrap items-center gap-2">
          {badge}
          {/* Named with the card's title, starting with its visible words (WCAG 2.5.3). */}
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            onClick={details.editAll}
            aria-label={`Edit all ${title}`}
          >
            Edit all
          </Button>
        </div>
      </div>
      <p className="mb-5 text-sm text-slate-600">
        Press the pencil beside a field to change it, or Edit all for the whole card.
        {hint}
      </p>
      {notice}
      <form noValidate onSubmit={details.onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
        <FormAlert error={error} />
        <DetailsFormFooter dirty={details.isDirty} saving={saving} onDiscard={details.discard} />
      </form>
    </Card>
  );
}
