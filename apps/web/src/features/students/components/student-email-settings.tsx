import type { StudentEmailSettings as Settings } from '@portal/contracts/email-settings';
import { emailSettings } from '@portal/contracts/messages';
import { type CheckboxOption, CheckboxSettingsCard } from '../../../components/ui/checkbox-settings-card.tsx';
import { useStudentEmailSettings } from '../api/get-student-email-settings.ts';
import { useUpdateStudentEmailSettings } from '../api/update-student-email-settings.ts';

const options: readonly CheckboxOption<keyof Settings>[] = [
  { name: 'stageChanges', label: emailSettings.stageChanges },
  { name: 'interviews', label: emailSettings.interviews },
];

/** The student's email notifications on the profile page; each tick is saved at once. */
export function StudentEmailSettings() {
  return (
    <CheckboxSettingsCard
      title="Email notifications"
      description="Choose which emails the portal sends you."
      options={options}
      settings={useStudentEmailSettings()}
      update={useUpdateStudentEmailSettings()}
      savedMessage={emailSettings.saved}
    />
  );
}
