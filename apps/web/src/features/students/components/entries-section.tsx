import type { UpdateProfileDetail } from '@portal/contracts/students';
import { type ReactNode, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Card } from '../../../components/ui/card.tsx';
import { useDeleteEntry } from '../api/delete-entry.ts';
import { type EntryInputs, type EntryKind, useUpdateEntry } from '../api/update-entry.ts';
import { useUpdateProfileDetail } from '../api/update-profile-detail.ts';
import { type EntryField, EntryForm } from './entry-form.tsx';
import { EntryList } from './entry-list.tsx';
import { toastOutcome } from './toast-outcome.ts';

type EntriesSectionProps<K extends EntryKind, E extends EntryInputs[K] & { _id: string }> = {
  kind: K;
  /** What one entry is called, e.g. "internship". */
  noun: string;
  /** The add form's heading ("Add an internship") and button ("Add Internship"). */
  addHeading: string;
  addLabel: string;
  /** The list's heading ("Your internships"). */
  listHeading: string;
  schema: z.ZodType<EntryInputs[K], EntryInputs[K]>;
  fields: readonly EntryField<EntryInputs[K]>[];
  blank: DefaultValues<EntryInputs[K]>;
  entries: readonly E[];
  /** The spec's text for an empty list. */
  empty: string;
  renderEntry: (entry: E) => ReactNode;
};

/**
 * A student's internships or projects: the add form, then the numbered list, each entry edited in
 * place or deleted, every outcome toasted.
 */
export function EntriesSection<K extends EntryKind, E extends EntryInputs[K] & { _id: string }>({
  kind,
  noun,
  addHeading,
  addLabel,
  listHeading,
  schema,
  fields,
  blank,
  entries,
  empty,
  renderEntry,
}: EntriesSectionProps<K, E>) {
  const add = useUpdateProfileDetail();
  const edit = useUpdateEntry(kind);
  const remove = useDeleteEntry(kind);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const headingId = `${kind}-heading`;

  const onDelete = (id: string) => {
    setDeletingId(id);
    void toastOutcome(remove.mutateAsync(id)).finally(() => setDeletingId(null));
  };

  return (
    <div className="space-y-8">
      <Card>
        <h3 className="mb-4 text-sm font-semibold text-slate-900">{addHeading}</h3>
        <EntryForm
          schema={schema}
          fields={fields}
          defaultValues={blank}
          submitLabel={addLabel}
          pending={add.isPending}
          error={add.error}
          // The kind and its value travel together; TypeScript cannot pair them through K.
          onSubmit={(value) => toastOutcome(add.mutateAsync({ typ: kind, value } as UpdateProfileDetail))}
        />
      </Card>
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
          {listHeading}
        </h3>
        <EntryList
          noun={noun}
          labelledBy={headingId}
          entries={entries}
          empty={empty}
          deletingId={deletingId}
          onDelete={(entry) => onDelete(entry._id)}
          renderEntry={renderEntry}
          renderEditor={({ _id, ...value }, close) => (
            <EntryForm
              schema={schema}
              fields={fields}
              // An entry less its id is its input (E extends it), which TypeScript cannot see through Omit.
              defaultValues={value as unknown as DefaultValues<EntryInputs[K]>}
              submitLabel="Save"
              pending={edit.isPending}
              error={edit.error}
              onCancel={close}
              onSubmit={async (input) => {
                const saved = await toastOutcome(edit.mutateAsync({ id: _id, value: input }));
                if (saved) close();
                return saved;
              }}
            />
          )}
        />
      </section>
    </div>
  );
}
