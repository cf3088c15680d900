import { uploads } from '@portal/contracts/messages';
import type { StudentRecord } from '@portal/contracts/students';
import { lazy, Suspense } from 'react';
import { toast } from 'react-toastify';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { resumeRule } from '../../../lib/file-checks.ts';
import { useUploadResume } from '../api/upload-resume.ts';
import { FilePicker } from '../../../components/ui/file-picker.tsx';

// pdf.js is large: only this page loads it, in a chunk of its own.
const ResumeViewer = lazy(() => import('../../../components/ui/resume-viewer.tsx'));

/** Upload a resume (PDF, at most 5 MB) and read it in the page. */
export function ResumeSection({ student }: { student: StudentRecord }) {
  const upload = useUploadResume();

  const onFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: (message) => toast.success(message),
    });

  return (
    <div className="space-y-6">
      <Card>
        <h3 className="mb-4 text-sm font-semibold text-slate-900">
          {student.resume ? 'Replace your resume' : 'Upload your resume'}
        </h3>
        <FilePicker
          buttonLabel={student.resume ? 'Upload new resume' : 'Upload resume'}
          inputLabel="Resume file"
          hint="PDF only, at most 5 MB."
          rule={resumeRule}
          progress={upload.progress}
          busy={upload.isPending}
          onFile={onFile}
        />
      </Card>
      {student.resume ? (
        <Card>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Your resume</h3>
            <a
              href={student.resume}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
            >
              Open PDF in a new tab
            </a>
          </div>
          <Suspense
            fallback={
              <p
                role="status"
                className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600"
              >
                <Spinner className="size-5 text-indigo-600" /> Loading resume viewer...
              </p>
            }
          >
            <ResumeViewer key={student.resume} url={student.resume} />
          </Suspense>
        </Card>
      ) : (
        <EmptyState>{uploads.emptyResume}</EmptyState>
      )}
    </div>
  );
}
