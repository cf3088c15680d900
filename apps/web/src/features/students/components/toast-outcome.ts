import { toasts } from '@portal/contracts/messages';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api-client.ts';

/** Toasts "Details Updated Succesfully" or the failure's message; resolves true on success. */
export const toastOutcome = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      toast.success(toasts.detailsUpdated);
      return true;
    },
    (error: unknown) => {
      toast.error(errorMessage(error));
      return false;
    },
  );
