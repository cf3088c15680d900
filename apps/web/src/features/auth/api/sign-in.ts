import { authApi } from '@portal/contracts/api/auth';
import type { Signin } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setUserType } from './get-status.ts';

/** Resolves to the server's greeting ("Signed In successfully", or "Welcome <name>" for a company). */
export const signIn = (role: Role, body: Signin) => api.call(authApi[role].signin, { body });

export function useSignIn(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Signin) => signIn(role, body),
    onSuccess: () => setUserType(queryClient, role),
  });
}
