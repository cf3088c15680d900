import { entries } from '@portal/contracts/messages';
import { type ProjectInput, projectInput, type StudentRecord } from '@portal/contracts/students';
import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { useDeleteProject } from '../api/delete-project.ts';
import { useUpdateProfileDetail } from '../api/update-profile-detail.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { type EntryField, EntryForm } from './entry-form.tsx';
import { EntryList } from './entry-list.tsx';
import { toastOutcome } from './toast-outcome.ts';

const fields: readonly EntryField<ProjectInput>[] = [
  { name: 'title', label: 'Title', placeholder: 'e.g. Placement portal' },
  { name: 'link', label: 'Link', type: 'url', placeholder: 'https://github.com/you/project' },
  { name: 'duration', label: 'Duration', placeholder: 'e.g. 3 weeks' },
  {
    name: 'description',
    label: 'Description',
    multiline: true,
    placeholder: 'What it does and your part in it',
  },
];

const blank: ProjectInput = { title: '', link: '', duration: '', description: '' };

export function ProjectsSection({ student }: { student: StudentRecord }) {
  const add = useUpdateProfileDetail();
  const edit = useUpdateProject();
  const remove = useDeleteProject();
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const onDelete = (id: string) => {
    setDeletingId(id);
    void toastOutcome(remove.mutateAsync(id)).finally(() => setDeletingId(null));
  };

  return (
    <div className="space-y-8">
      <Card>
        <h3 className="mb-4 text-sm font-semibold text-slate-900">Add a project</h3>
        <EntryForm
          schema={projectInput}
          fields={fields}
          defaultValues={blank}
          submitLabel="Add Project"
          pending={add.isPending}
          onSubmit={(value) => toastOutcome(add.mutateAsync({ typ: 'projects', value }))}
        />
      </Card>
      <section aria-labelledby="projects-heading">
        <h3 id="projects-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Your projects
        </h3>
        <EntryList
          noun="project"
          labelledBy="projects-heading"
          entries={student.pastInternshipsProjects.projects}
          empty={entries.project.empty}
          deletingId={deletingId}
          onDelete={(entry) => onDelete(entry._id)}
          renderEntry={(entry) => (
            <>
              <h4 className="font-semibold break-words text-slate-900">{entry.title}</h4>
              <p className="text-sm text-slate-600">{entry.duration}</p>
              <a
                href={entry.link}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-block max-w-full truncate text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
              >
                {entry.link}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">
                {entry.description}
              </p>
            </>
          )}
          renderEditor={({ _id, ...value }, close) => (
            <EntryForm
              schema={projectInput}
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
