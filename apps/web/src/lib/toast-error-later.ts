import type { ToastOptions } from 'react-toastify';

/**
 * An error toast from code on every page's path (the route guards, the status check): react-toastify
 * and its styles are fetched on first use, not with the landing page. A toast shown before the
 * container has mounted waits in react-toastify's queue.
 */
export function toastErrorLater(message: string, options?: ToastOptions) {
  void import('react-toastify').then(({ toast }) => toast.error(message, options));
}
