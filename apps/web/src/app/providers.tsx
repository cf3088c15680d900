import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';

// Its own chunk, fetched beside the first page rather than before it: toasts raised meanwhile wait
// in react-toastify's queue until it mounts.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

/**
 * Server state (including the global auth status, see features/auth/api/get-status.ts) lives in
 * the query client; toasts render once, beside the router.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
