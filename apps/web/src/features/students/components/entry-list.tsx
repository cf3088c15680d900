import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

type EntryListProps<E extends { _id: string }> = {
  /** What one entry is called, e.g. "internship". */
  noun: string;
  entries: readonly E[];
  /** The id of the heading that names the list. */
  labelledBy: string;
  /** The spec's text for an empty list. */
  empty: string;
  renderEntry: (entry: E) => ReactNode;
  /** The entry's edit form; `close` leaves edit mode. */
  renderEditor: (entry: E, close: () => void) => ReactNode;
  onDelete: (entry: E) => void;
  deletingId: string | null;
};

/** Internships or projects, numbered from 1, each with Edit (in place) and Delete (confirmed). */
export function EntryList<E extends { _id: string }>({
  noun,
  entries,
  labelledBy,
  empty,
  renderEntry,
  renderEditor,
  onDelete,
  deletingId,
}: EntryListProps<E>) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);

  if (entries.length === 0) return <EmptyState>{empty}</EmptyState>;

  return (
    <ol aria-labelledby={labelledBy} className="space-y-4">
      {entries.map((entry, index) => {
        const number = index + 1;
        const editing = editingId === entry._id;
        const confirming = confirmingId === entry._id;
        return (
          <li key={entry._id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <div className="flex gap-3">
              <span className="pt-0.5 text-sm font-semibold text-indigo-700">{number}.</span>
              <div className="min-w-0 flex-1">
                {editing ? renderEditor(entry, () => setEditingId(null)) : renderEntry(entry)}
              </div>
            </div>
            {!editing && (
              <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-4">
                {confirming ? (
                  <div role="group" aria-label={`Confirm deleting ${noun} ${number}`} className="contents">
                    <p className="mr-auto text-sm text-slate-700">Delete this {noun}?</p>
                    <Button variant="secondary" onClick={() => setConfirmingId(null)}>
                      Cancel
                    </Button>
                    <Button
                      className="bg-red-600 hover:bg-red-500 disabled:hover:bg-red-600"
                      isPending={deletingId === entry._id}
                      onClick={() => onDelete(entry)}
                      // The confirmation replaces the Delete button; keep keyboard focus on it.
                      autoFocus
                    >
                      Yes, delete
                    </Button>
                  </div>
                ) : (
                  <>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${noun} ${number}`}
                      onClick={() => {
                        setConfirmingId(null);
                        setEditingId(entry._id);
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      className="hover:bg-red-50 hover:text-red-700"
                      aria-label={`Delete ${noun} ${number}`}
                      onClick={() => setConfirmingId(entry._id)}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
