import { companyFallbacks } from '@portal/contracts/messages';
import { useCompanyProfile } from '../../../features/companies/api/get-company-profile.ts';
import { ApprovalBanner } from '../../../features/companies/components/approval-banner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { AreaShell } from '../area/area-shell.tsx';
import { RejectedScreen } from '../area/rejected-screen.tsx';

/** The spec: the server's message, or "Failed to get company data" when it sent none. */
const describeFailure = (error: Error) =>
  (isApiError(error) ? error.serverMessage : undefined) ?? companyFallbacks.getData;

/**
 * The company area. Until the placement cell approves the company, every page carries a banner
 * saying so; a rejected company sees only the reason.
 */
export function CompanyLayout() {
  const profile = useCompanyProfile();
  const record = profile.data;
  return (
    <AreaShell
      role="company"
      heading="company Dashboard"
      profile={profile}
      describeFailure={describeFailure}
      banner={record?.role === 'Pending' ? <ApprovalBanner /> : undefined}
      blocked={
        record?.role === 'Rejected'
          ? (signOut) => <RejectedScreen reason={record.statusReason} {...signOut} />
          : undefined
      }
    />
  );
}
