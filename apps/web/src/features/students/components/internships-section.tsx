import { entries } from '@portal/contracts/messages';
import { type InternshipInput, internshipInput, type StudentRecord } from '@portal/contracts/students';
import { EntriesSection } from './entries-section.tsx';
import type { EntryField } from './entry-form.tsx';

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
  return (
    <EntriesSection
      kind="internships"
      noun="internship"
      addHeading="Add an internship"
      addLabel="Add Internship"
      listHeading="Your internships"
      schema={internshipInput}
      fields={fields}
      blank={blank}
      entries={student.pastInternshipsProjects.internships}
      empty={entries.internship.empty}
      renderEntry={(entry) => (
        <>
          <h4 className="font-semibold break-words text-slate-900">{entry.role}</h4>
          <p className="text-sm break-words text-slate-600">
            {entry.company} · {entry.duration}
          </p>
          <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{entry.description}</p>
        </>
      )}
    />
  );
}
