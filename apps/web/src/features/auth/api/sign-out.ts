import { authApi } from '@portal/contracts/api/auth';
import type { Role } from '@portal/contracts/common';
import { auth } from '@portal/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '../../../config/paths.ts';
import { api, errorMessage, isApiError } from '../../../lib/api-client.ts';
import { setUserType } from './get-status.ts';

export const signOut = (role: Role) => api.call(authApi[role].signout);

/**
 * Signs out and leaves the area: the status becomes visitor before navigating (so /signin/ does
 * not bounce back), and every other cached record is dropped once the area has unmounted.
 */
export function useSignOut(role: Role) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const finish = async () => {
    setUserType(queryClient, 'visitor');
    toast.success(auth.signedOut);
    await navigate(paths.signin.afterSignOut, { replace: true });
    queryClient.clear();
    setUserType(queryClient, 'visitor');
  };

  return useMutation({
    mutationFn: () => signOut(role),
    // An expired session is not a failure here: only other errors are toasted, below.
    meta: { ownErrorToast: true },
    onSuccess: finish,
    onError: async (error) => {
      // An expired session is already signed out as far as the server is concerned.
      if (isApiError(error) && error.status === 401) return finish();
      toast.error(errorMessage(error));
    },
  });
}
