import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePlacementPolicy } from '../api/get-placement-policy.ts';
import { PlacementPolicyForm } from './placement-policy-form.tsx';
import { PlacementPolicyHistory } from './placement-policy-history.tsx';

/** The policy in force as an editable form, and its history. */
export function PlacementPolicyPanel() {
  const policy = usePlacementPolicy();
  if (policy.isPending) return <LoadingBlock />;
  if (policy.isError) {
    return (
      <ErrorBlock
        message={errorMessage(policy.error)}
        onRetry={() => void policy.refetch()}
        retrying={policy.isRefetching}
      />
    );
  }
  const { current, history } = policy.data;
  return (
    <div className="space-y-6">
      {/* Keyed by version: a newly saved version starts the form afresh from what was stored. */}
      <PlacementPolicyForm key={current.version} current={current} />
      <PlacementPolicyHistory history={history} />
    </div>
  );
}
