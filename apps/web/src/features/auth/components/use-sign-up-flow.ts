import type { Role } from '@portal/contracts/common';
import { auth } from '@portal/contracts/messages';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { roleRoutes } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { type SignupBodies, useSignUp } from '../api/sign-up.ts';

const alreadyExists = new Set<string>([auth.studentExists, auth.staffExists, auth.companyExists]);

/**
 * Signs up and does what the spec says next: toast the server's message and go to the area, or
 * send an existing account to sign in, or warn with the server's message.
 */
export function useSignUpFlow<R extends Role>(role: R) {
  const navigate = useNavigate();
  const mutation = useSignUp(role);

  const submit = (body: SignupBodies[R]) =>
    mutation.mutate(body, {
      onSuccess: (message) => {
        toast.success(message);
        void navigate(roleRoutes[role].afterSignup);
      },
      onError: (error) => {
        const message = errorMessage(error);
        if (alreadyExists.has(message)) {
          toast.info(auth.pleaseSignIn);
          void navigate(roleRoutes[role].signin);
        } else {
          toast.warning(message);
        }
      },
    });

  // Stays busy through the navigation that follows success, so the form cannot be sent twice.
  // The failure stays on the form as well (FormAlert), unless it sent the visitor to sign in.
  const error = mutation.error && !alreadyExists.has(errorMessage(mutation.error)) ? mutation.error : null;
  return { submit, busy: mutation.isPending || mutation.isSuccess, error };
}
