import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Wraps every page: a skip link, a progress bar while the next page loads, scroll restoration. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 text-sm font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {navigation.state !== 'idle' && (
        <div className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-indigo-100" aria-hidden="true">
          <div className="h-full w-1/3 animate-pulse bg-indigo-600" />
        </div>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
