import { toasts } from '@portal/contracts/messages';
import { toast } from 'react-toastify';

/** Toasts "Details Updated Succesfully" on success (a failure is toasted by the query client); resolves true on success. */
export const toastOutcome = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      toast.success(toasts.detailsUpdated);
      return true;
    },
    // The failure's own toast comes from the query client.
    () => false,
  );
