import type { ReactNode } from 'react';
import { ApplicationCard } from '../../../components/ui/application-card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStudentApplications } from '../api/get-student-applications.ts';
import { OfferDecision } from './offer-decision.tsx';

/** Every application of the student, newest first (as the server sends them), with its offer and history. */
export function ApplicationList({ emptyAction }: { emptyAction: ReactNode }) {
  const applications = useStudentApplications();

  if (applications.isPending) return <LoadingBlock />;
  if (applications.isError) {
    return (
      <ErrorBlock
        message={errorMessage(applications.error)}
        onRetry={() => void applications.refetch()}
        retrying={applications.isRefetching}
      />
    );
  }
  if (applications.data.length === 0) {
    return (
      <EmptyState>
        <p>You haven&apos;t applied to any job yet.</p>
        <div className="mt-3">{emptyAction}</div>
      </EmptyState>
    );
  }

  return (
    <ul className="space-y-4">
      {applications.data.map((application) => (
        <li key={application._id}>
          <ApplicationCard
            application={application}
            offerActions={<OfferDecision application={application} />}
          />
        </li>
      ))}
    </ul>
  );
}
