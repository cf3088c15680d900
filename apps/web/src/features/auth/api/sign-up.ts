import { authApi } from '@portal/contracts/api/auth';
import type { companySignupBody, staffSignupBody, studentSignupBody } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { setUserType } from './get-status.ts';

export type SignupBodies = {
  student: z.output<typeof studentSignupBody>;
  'college-staff': z.output<typeof staffSignupBody>;
  company: z.output<typeof companySignupBody>;
};

/** Resolves to the server's confirmation ("Signed Up successfully"); the session cookie is set. */
export const signUp = <R extends Role>(role: R, body: SignupBodies[R]) =>
  api.call(authApi[role].signup, { body });

export function useSignUp<R extends Role>(role: R) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBodies[R]) => signUp(role, body),
    // The spec's sign-up warns (or sends an existing account to sign in): use-sign-up-flow says it.
    meta: { ownErrorToast: true },
    onSuccess: () => setUserType(queryClient, role),
  });
}
