import { ToastContainer } from 'react-toastify';

/**
 * The spec's toasts: top-right, closing after 5000 ms, 10% down from the top. Never over the header
 * (4 rem tall) on a short screen: at least 4.5 rem down. Below the header, the menu drawer and the
 * notification panel in the stacking order, and narrower than the screen on a phone
 * (`.portal-toasts` in index.css), so they never cover what is open.
 */
export function Toaster() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      className="portal-toasts"
      style={{ top: 'max(10%, 4.5rem)' }}
      newestOnTop
    />
  );
}
