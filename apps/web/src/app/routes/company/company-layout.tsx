import { companyFallbacks } from '@portal/contracts/messages';
import { useCompanyProfile } from '../../../features/companies/api/get-company-profile.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { AreaShell } from '../area/area-shell.tsx';

/** The spec: the server's message, or "Failed to get company data" when it sent none. */
const describeFailure = (error: Error) =>
  (isApiError(error) ? error.serverMessage : undefined) ?? companyFallbacks.getData;

export function CompanyLayout() {
  const profile = useCompanyProfile();
  return (
    <AreaShell
      role="company"
      heading="company Dashboard"
      profile={profile}
      describeFailure={describeFailure}
    />
  );
}
