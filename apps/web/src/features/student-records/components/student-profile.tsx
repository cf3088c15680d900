import { companyFallbacks, staffRecords } from '@portal/contracts/messages';
import { lazy, Suspense } from 'react';
import { Card, DetailList } from '../../../components/ui/card.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useStudentProfile } from '../api/get-student-profile.ts';

// pdf.js loads only when a resume is shown.
const ResumeViewer = lazy(() => import('../../../components/ui/resume-viewer.tsx'));

/** A student's record as a company reads it: no parents' names, nothing editable. */
export function StudentProfile({ id }: { id: string }) {
  const profile = useStudentProfile(id);
  if (profile.isPending) return <LoadingBlock />;
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.status === 404) {
      return <p className="text-sm text-slate-700">{staffRecords.studentNotFound}</p>;
    }
    const message = isApiError(profile.error)
      ? (profile.error.serverMessage ?? companyFallbacks.studentDetails)
      : companyFallbacks.studentDetails;
    return (
      <ErrorBlock message={message} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
    );
  }
  const s = profile.data;
  const { internships, projects } = s.pastInternshipsProjects;
  return (
    <div className="space-y-6">
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
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <h3 className="mb-3 font-semibold text-slate-900">Internships</h3>
          {internships.length === 0 ? (
            <p className="text-sm text-slate-600">No internships added.</p>
          ) : (
            <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
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
            <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
              {projects.map((p) => (
                <li key={p._id}>
                  <a
                    href={p.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {p.title}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>{' '}
                  ({p.duration})<p className="text-slate-600">{p.description}</p>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <Card>
        <h3 className="mb-3 font-semibold text-slate-900">Resume</h3>
        {s.resume ? (
          <Suspense fallback={<LoadingBlock />}>
            <ResumeViewer url={s.resume} />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600">No resume uploaded yet.</p>
        )}
      </Card>
    </div>
  );
}
