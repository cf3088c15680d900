import { collegeSigninApi } from '@portal/contracts/api/college-signin';
import type { ProviderBody } from '@portal/contracts/college-signin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getSigninSettingsQueryOptions } from './get-signin-settings.ts';

/** Adds a provider (no id) or saves one; an empty client secret keeps the stored one. */
export const saveProvider = ({ id, body }: { id: string | null; body: ProviderBody }) =>
  id === null
    ? api.call(collegeSigninApi.create, { body })
    : api.call(collegeSigninApi.update, { params: { id }, body });

export function useSaveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSigninSettingsQueryOptions().queryKey }),
  });
}
