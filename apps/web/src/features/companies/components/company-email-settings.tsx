import type { CompanyEmailSettings as Settings } from '@portal/contracts/email-settings';
import { emailSettings } from '@portal/contracts/messages';
import { type CheckboxOption, CheckboxSettingsCard } from '../../../components/ui/checkbox-settings-card.tsx';
import { useCompanyEmailSettings } from '../api/get-company-email-settings.ts';
import { useUpdateCompanyEmailSettings } from '../api/update-company-email-settings.ts';

const options: readonly CheckboxOption<keyof Settings>[] = [
  { name: 'newApplicants', label: emailSettings.newApplicants },
];

/** The company's email notifications on the profile page; each tick is saved at once. */
export function CompanyEmailSettings() {
  return (
    <CheckboxSettingsCard
      title="Email notifications"
      description="Choose which emails the portal sends you."
      options={options}
      settings={useCompanyEmailSettings()}
      update={useUpdateCompanyEmailSettings()}
      savedMessage={emailSettings.saved}
    />
  );
}
