import { ToastContainer } from 'react-toastify';

/** The spec's toasts: top-right, closing after 5000 ms, 10% down from the top. */
export function Toaster() {
  return <ToastContainer position="top-right" autoClose={5000} style={{ top: '10%' }} newestOnTop />;
}
