import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

/** Shown when a page fails to load or render (for example after a deploy replaced its chunk). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="max-w-md text-sm text-slate-600">
        The page could not be shown. Reloading usually fixes it.{detail && ` (${detail})`}
      </p>
      <div className="flex gap-3">
        <button type="button" className={buttonVariants.primary} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home} className={buttonVariants.secondary}>
          Go home
        </Link>
      </div>
    </main>
  );
}
