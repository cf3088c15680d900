import type { StudentProfileForCompany } from '@portal/contracts/students';
import { lazy, Suspense } from 'react';
import { Card, DetailList } from './card.tsx';
import { LoadingBlock } from './query-states.tsx';

// pdf.js loads only when a resume is shown.
const ResumeViewer = lazy(() => import('./resume-viewer.tsx'));

const newTab = <span className="sr-only"> (opens in a new tab)</span>;

/**
 * A student's record as a company reads it, nothing editable: details, internships and projects
 * numbered from 1, and the resume in the PDF viewer. Shared by the student details page and the
 * applicant details page; with `resumeBeside` the resume is a panel beside the record on a wide
 * screen (it stays in view while the record scrolls) and below it on a narrow one.
 */
export function StudentRecord({
  student: s,
  resumeBeside = false,
}: {
  student: StudentProfileForCompany;
  resumeBeside?: boolean;
}) {
  const { internships, projects } = s.pastInternshipsProjects;
  const resume = (
    <Card className={resumeBeside ? 'lg:sticky lg:top-4' : ''}>
      <>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h3 className="font-semibold text-slate-900">Resume</h3>
          {s.resume && (
            <a
              href={s.resume}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-medium text-indigo-700 hover:underline"
            >
              Open resume{newTab}
            </a>
          )}
        </div>
        {s.resume ? (
          <Suspense fallback={<LoadingBlock />}>
            <ResumeViewer url={s.resume} />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600">No resume uploaded yet.</p>
        )}
      </>
    </Card>
  );
  const record = (
    <div className="min-w-0 space-y-6">
      <Card>
        <h2 className="text-xl font-semibold text-slate-900">
          {s.personalDetail.firstName} {s.personalDetail.lastName}
        </h2>
        <div className="mt-4">
          <DetailList
            details={[
              { label: 'Email', value: s.personalDetail.emailID },
              { label: 'Phone', value: s.personalDetail.phone },
              { label: 'Roll Number', value: s.educationalDetails.rollNumber ?? '—' },
              { label: 'Degrees', value: s.educationalDetails.degrees.join(', ') || '—' },
              { label: 'College Name', value: s.educationalDetails.collegeName || '—' },
              { label: 'CGPA', value: s.educationalDetails.cgpa ?? '—' },
              { label: 'Year of Passing', value: s.educationalDetails.yearOfPassing ?? '—' },
            ]}
          />
        </div>
      </Card>
      <div className={`grid gap-6 ${resumeBeside ? 'xl:grid-cols-2' : 'md:grid-cols-2'}`}>
        <Card>
          <h3 className="mb-3 font-semibold text-slate-900">Internships</h3>
          {internships.length === 0 ? (
            <p className="text-sm text-slate-600">No internships added.</p>
          ) : (
            <ol aria-label="Internships" className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
              {internships.map((i) => (
                <li key={i._id}>
                  <span className="font-medium text-slate-900">{i.role}</span> at {i.company} ({i.duration})
                  <p className="text-slate-600">{i.description}</p>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card>
          <h3 className="mb-3 font-semibold text-slate-900">Projects</h3>
          {projects.length === 0 ? (
            <p className="text-sm text-slate-600">No projects added.</p>
          ) : (
            <ol aria-label="Projects" className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
              {projects.map((p) => (
                <li key={p._id}>
                  <a
                    href={p.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {p.title}
                    {newTab}
                  </a>{' '}
                  ({p.duration})<p className="text-slate-600">{p.description}</p>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      {!resumeBeside && resume}
    </div>
  );
  if (!resumeBeside) return record;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {record}
      <div className="min-w-0 lg:self-stretch">{resume}</div>
    </div>
  );
}
