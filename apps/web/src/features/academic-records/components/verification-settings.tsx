import { verification } from '@portal/contracts/messages';
import { type CheckboxOption, CheckboxSettingsCard } from '../../../components/ui/checkbox-settings-card.tsx';
import { useCollegeSettings } from '../api/get-college-settings.ts';
import { useUpdateCollegeSettings } from '../api/update-college-settings.ts';

const options: readonly CheckboxOption<'requireVerifiedAcademics'>[] = [
  { name: 'requireVerifiedAcademics', label: verification.requireVerifiedLabel },
];

/** Whether students need verified academic details to apply; saved as soon as it is ticked. */
export function VerificationSettings() {
  return (
    <CheckboxSettingsCard
      title="Who can apply"
      description="When this is on, a student whose academic details are not verified sees why instead of the Apply button."
      options={options}
      settings={useCollegeSettings()}
      update={useUpdateCollegeSettings()}
      savedMessage={verification.settingsSaved}
    />
  );
}
