import { MutationCache, QueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from './api-client.ts';
import { toastErrorLater } from './toast-error-later.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Shown when the server gave no reason of its own (a timeout, the network); else the call's own text. */
      errorFallback?: string;
      /** The page shows this call's failure itself (a refused link, an expired session on sign-out). */
      ownErrorToast?: boolean;
    };
  }
}

/** A client error (4xx) will not change on a retry; a network failure or 5xx might. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

/** What a failed change says: the server's reason, else the call's fallback, else the generic text. */
export const mutationErrorText = (error: unknown, fallback?: string) =>
  fallback !== undefined && !(isApiError(error) && error.serverMessage) ? fallback : errorMessage(error);

/**
 * Every failed change is toasted here, once, with the server's message: a component handles only
 * success, and whatever else a failure means to it (a stale version, a form to reset).
 */
const mutationCache = () =>
  new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.ownErrorToast) return;
      toastErrorLater(mutationErrorText(error, mutation.meta?.errorFallback));
    },
  });

export function createQueryClient({ retry = true } = {}): QueryClient {
  return new QueryClient({
    mutationCache: mutationCache(),
    defaultOptions: {
      queries: { retry: retry ? shouldRetry : false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
