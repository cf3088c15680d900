import { collegeSigninApi } from '@portal/contracts/api/college-signin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getSigninSettingsQueryOptions } from './get-signin-settings.ts';

export const removeProvider = (id: string) => api.call(collegeSigninApi.remove, { params: { id } });

export function useRemoveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSigninSettingsQueryOptions().queryKey }),
  });
}
