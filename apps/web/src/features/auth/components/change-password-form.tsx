import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/common';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';

const blank = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/** Every role's Reset Password page: current, new and confirmed new password. */
export function ChangePasswordForm({ role }: { role: Role }) {
  const change = useChangePassword(role);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordBody), defaultValues: blank });

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (message) => {
        toast.success(message);
        reset(blank);
      },
      onError: (error) => toast.error(errorMessage(error)),
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
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        {...register('confirmNewPassword')}
      />
      <div className="flex justify-end pt-2">
        <Button type="submit" isPending={change.isPending}>
          Change Password
        </Button>
      </div>
    </form>
  );
}
