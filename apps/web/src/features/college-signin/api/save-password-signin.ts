import { collegeSigninApi } from '@portal/contracts/api/college-signin';
import type { PasswordSigninSettings } from '@portal/contracts/college-signin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getSigninSettingsQueryOptions } from './get-signin-settings.ts';

export const savePasswordSignin = (body: PasswordSigninSettings) =>
  api.call(collegeSigninApi.passwords, { body });

export function useSavePasswordSignin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePasswordSignin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSigninSettingsQueryOptions().queryKey }),
  });
}
