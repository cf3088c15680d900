import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/common';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { PasswordPair } from '../../../components/ui/password-pair.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

const blank = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/** Every role's Reset Password page: current, new and confirmed new password. */
export function ChangePasswordForm({ role }: { role: Role }) {
  const change = useChangePassword(role);
  const form = useForm({ resolver: zodResolver(changePasswordBody), defaultValues: blank });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (message) => {
        toast.success(message);
        reset(blank);
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordPair form={form} name="newPassword" confirmName="confirmNewPassword" label="New Password" />
      <div className="flex justify-end pt-2">
        <FormAlert error={change.error} />
        <Button type="submit" isPending={change.isPending}>
          Change Password
        </Button>
      </div>
    </form>
  );
}
