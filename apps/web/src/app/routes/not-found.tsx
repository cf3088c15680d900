import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

export function NotFoundPage() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-sm text-slate-600">The page you are looking for does not exist.</p>
      <Link to={paths.home} className={buttonVariants.primary}>
        Go home
      </Link>
    </main>
  );
}
