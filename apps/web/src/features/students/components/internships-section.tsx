import { entries } from '@portal/contracts/messages';
import { type InternshipInput, internshipInput, type StudentRecord } from '@portal/contracts/students';
import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { useDeleteInternship } from '../api/delete-internship.ts';
import { useUpdateInternship } from '../api/update-internship.ts';
import { useUpdateProfileDetail } from '../api/update-profile-detail.ts';
import { type EntryField, EntryForm } from './entry-form.tsx';
import { EntryList } from './entry-list.tsx';
import { toastOutcome } from './toast-outcome.ts';

const fields: readonly EntryField<InternshipInput>[] = [
  { name: 'company', label: 'Company', placeholder: 'e.g. Acme Corp' },
  { name: 'role', label: 'Role', placeholder: 'e.g. Software Intern' },
  { name: 'duration', label: 'Duration', placeholder: 'e.g. 2 months' },
  {
    name: 'description',
    label: 'Description',
    multiline: true,
    placeholder: 'What you worked on and learned',
  },
];

const blank: InternshipInput = { company: '', role: '', duration: '', description: '' };

export function InternshipsSection({ student }: { student: StudentRecord }) {
  const add = useUpdateProfileDetail();
  const edit = useUpdateInternship();
  const remove = useDeleteInternship();
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const onDelete = (id: string) => {
    setDeletingId(id);
    void toastOutcome(remove.mutateAsync(id)).finally(() => setDeletingId(null));
  };

  return (
    <div className="space-y-8">
      <Card>
        <h3 className="mb-4 text-sm font-semibold text-slate-900">Add an internship</h3>
        <EntryForm
          schema={internshipInput}
          fields={fields}
          defaultValues={blank}
          submitLabel="Add Internship"
          pending={add.isPending}
          onSubmit={(value) => toastOutcome(add.mutateAsync({ typ: 'internships', value }))}
        />
      </Card>
      <section aria-labelledby="internships-heading">
        <h3 id="internships-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Your internships
        </h3>
        <EntryList
          noun="internship"
          labelledBy="internships-heading"
          entries={student.pastInternshipsProjects.internships}
          empty={entries.internship.empty}
          deletingId={deletingId}
          onDelete={(entry) => onDelete(entry._id)}
          renderEntry={(entry) => (
            <>
              <h4 className="font-semibold break-words text-slate-900">{entry.role}</h4>
              <p className="text-sm break-words text-slate-600">
                {entry.company} · {entry.duration}
              </p>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">
                {entry.description}
              </p>
            </>
          )}
          renderEditor={({ _id, ...value }, close) => (
            <EntryForm
              schema={internshipInput}
              fields={fields}
              defaultValues={value}
              submitLabel="Save"
              pending={edit.isPending}
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
