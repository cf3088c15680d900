import { entries } from '@portal/contracts/messages';
import { type ProjectInput, projectInput, type StudentRecord } from '@portal/contracts/students';
import { EntriesSection } from './entries-section.tsx';
import type { EntryField } from './entry-form.tsx';

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
  return (
    <EntriesSection
      kind="projects"
      noun="project"
      addHeading="Add a project"
      addLabel="Add Project"
      listHeading="Your projects"
      schema={projectInput}
      fields={fields}
      blank={blank}
      entries={student.pastInternshipsProjects.projects}
      empty={entries.project.empty}
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
          <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{entry.description}</p>
        </>
      )}
    />
  );
}
