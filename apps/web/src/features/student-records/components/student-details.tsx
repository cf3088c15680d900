import { erasure, notFound } from '@portal/contracts/messages';
import type { StaffStudentDetails } from '@portal/contracts/staff';
import { allowedMoves } from '@portal/contracts/applications';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { AcademicChanges } from '../../../components/ui/academic-changes.tsx';
import { ApplicationCard } from '../../../components/ui/application-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ProfileHeader } from '../../../components/ui/profile-header.tsx';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { LoadingBlock, RecordError } from '../../../components/ui/query-states.tsx';
import { paths } from '../../../config/paths.ts';
import { datePart } from '../../../lib/dates.ts';
import { useStudentDetails } from '../api/get-student-details.ts';
import { useCloseOtherApplications } from '../api/close-other-applications.ts';
import { useRevokeOffer } from '../api/revoke-offer.ts';
import { AuditLog } from './audit-log.tsx';
import { EmailChangePanel } from './email-change-panel.tsx';
import { StudentDetailsForm } from './student-details-form.tsx';

const linkClass = 'text-sm font-medium text-indigo-700 underline-offset-2 hover:underline';

/** A read-only numbered list of internships or projects. */
function EntriesCard<E extends { _id: string }>({
  title,
  entries,
  empty,
  render,
}: {
  title: string;
  entries: readonly E[];
  empty: string;
  render: (entry: E) => ReactNode;
}) {
  return (
    <Card>
      <h3 className="mb-4 text-sm font-semibold text-slate-900">{title}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ol aria-label={title} className="space-y-4">
          {entries.map((entry, index) => (
            <li key={entry._id} className="flex gap-3">
              <span className="pt-0.5 text-sm font-semibold text-indigo-700">{index + 1}.</span>
              <div className="min-w-0 flex-1">{render(entry)}</div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Revoking an accepted offer, with the reason the student reads; the placement is recomputed. */
/**
 * For a placed student (an accepted offer) with other applications still open: closes them all in
 * one step, after asking; each company is told and the audit log records it.
 */
function CloseOtherApplications({ studentId, open }: { studentId: string; open: number }) {
  const [confirming, setConfirming] = useState(false);
  const close = useCloseOtherApplications();
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Close other applications
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Close this student's other applications?"
        confirmLabel="Close them"
        isPending={close.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          close.mutate(studentId, {
            onSuccess: (message) => toast.success(message),
            onSettled: () => setConfirming(false),
          })
        }
      >
        The student has accepted an offer. {open} open {open === 1 ? 'application' : 'applications'} will be
        closed as withdrawn, and each company will be told.
      </ConfirmDialog>
    </>
  );
}

function RevokeOffer({ applicationId }: { applicationId: string }) {
  const revoke = useRevokeOffer();
  return (
    <ReasonForm
      label="Reason for revoking"
      submitLabel="Revoke offer"
      isPending={revoke.isPending}
      onSubmit={(reason) =>
        revoke.mutate(
          { applicationId, reason },
          {
            onSuccess: (message) => toast.success(message),
          },
        )
      }
    />
  );
}

/** The student's change to verified academic details, waiting on the verification page. */
function PendingChange({
  student,
  change,
}: {
  student: StaffStudentDetails;
  change: NonNullable<StaffStudentDetails['pendingAcademicChange']>;
}) {
  return (
    <section
      aria-labelledby="pending-change-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <h3 id="pending-change-heading" className="mb-1 text-sm font-semibold text-slate-900">
        Change waiting for approval
      </h3>
      <p className="mb-3 text-sm text-slate-700">
        Asked for by the student on {datePart(change.requestedAt)}. Until it is decided, the record, the lists
        and eligibility use the verified values.
      </p>
      <AcademicChanges from={student.educationalDetails} to={change.newValues} label="Requested changes" />
      <Link to={paths.staff.verification} className={`${linkClass} mt-3 inline-block`}>
        Approve or reject it on the Verification page
      </Link>
    </section>
  );
}

function StudentRecordView({
  student,
  onReload,
  reloading,
  after,
}: {
  student: StaffStudentDetails;
  onReload: () => void;
  reloading: boolean;
  after: ReactNode;
}) {
  const person = student.personalDetail;
  const { role } = student;
  const { internships, projects } = student.pastInternshipsProjects;
  // Placed (an accepted offer) with applications still open before an offer: staff may close them.
  const placedWithOthersOpen = student.applications.some((a) => a.offer?.state === 'Accepted')
    ? student.applications.filter((a) => a.stage !== 'Offer Letter' && allowedMoves(a.stage).length > 0)
        .length
    : 0;
  return (
    <div className="space-y-6">
      <Card>
        <ProfileHeader
          name={`${person.firstName} ${person.lastName}`}
          email={person.emailID}
          picture={person.profilePicture}
          status={student.role}
          subtitle={student.educationalDetails.collegeName || undefined}
        />
        <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5 text-sm">
          <span className="font-medium text-slate-700">Resume:</span>
          {student.resume ? (
            <a href={student.resume} target="_blank" rel="noopener noreferrer" className={linkClass}>
              Open PDF in a new tab
            </a>
          ) : (
            <span className="text-slate-500">No resume</span>
          )}
        </div>
      </Card>

      {student.pendingAcademicChange && (
        <PendingChange student={student} change={student.pendingAcademicChange} />
      )}

      {student.emailChange && <EmailChangePanel change={student.emailChange} />}

      {role === 'Erased' ? (
        <Card>
          <p className="text-sm text-slate-700">{erasure.recordErased}</p>
        </Card>
      ) : (
        // Keyed by version: a save or a reload brings a newer record, and the form starts from it.
        <StudentDetailsForm
          key={`${student._id}-${student.version}`}
          student={{ ...student, role }}
          onReload={onReload}
          reloading={reloading}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <EntriesCard
          title="Internships"
          entries={internships}
          empty="No internships added."
          render={(entry) => (
            <>
              <p className="font-medium break-words text-slate-900">{entry.role}</p>
              <p className="text-sm break-words text-slate-600">
                {entry.company} · {entry.duration}
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                {entry.description}
              </p>
            </>
          )}
        />
        <EntriesCard
          title="Projects"
          entries={projects}
          empty="No projects added."
          render={(entry) => (
            <>
              <p className="font-medium break-words text-slate-900">{entry.title}</p>
              <p className="text-sm break-words text-slate-600">
                {entry.duration} ·{' '}
                <a href={entry.link} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {entry.link}
                </a>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                {entry.description}
              </p>
            </>
          )}
        />
      </div>

      <section aria-labelledby="applications-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h3 id="applications-heading" className="text-lg font-semibold text-slate-900">
            Applications
          </h3>
          {placedWithOthersOpen > 0 && (
            <CloseOtherApplications studentId={student._id} open={placedWithOthersOpen} />
          )}
        </div>
        {student.applications.length === 0 ? (
          <EmptyState>No applications yet.</EmptyState>
        ) : (
          <ul className="space-y-4">
            {student.applications.map((application) => (
              <li key={application._id}>
                <ApplicationCard
                  application={application}
                  offerActions={
                    application.offer?.state === 'Accepted' ? (
                      <RevokeOffer applicationId={application._id} />
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <AuditLog entries={student.audit} />
      {after}
    </div>
  );
}

/**
 * One student's full record for staff, editable; an unknown id says so. `after` is what the page adds
 * below a loaded record (from other features).
 */
export function StudentDetails({ id, after }: { id: string; after?: ReactNode }) {
  const details = useStudentDetails(id);

  if (details.isPending) return <LoadingBlock />;
  if (details.isError) {
    return (
      <RecordError
        query={details}
        notFound={notFound.student}
        back={{ to: paths.staff.students, label: 'Back to the students' }}
      />
    );
  }
  return (
    <StudentRecordView
      student={details.data}
      onReload={() => void details.refetch()}
      reloading={details.isRefetching}
      after={after}
    />
  );
}
