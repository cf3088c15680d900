import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { paths } from '../../../config/paths.ts';

const navLinks = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'Contact', to: paths.contact },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

/**
 * The visitor's frame: top bar with logo, links and the Sign In / Sign Up buttons that fit the page
 * (the spec's "Login/Signup" buttons, named as the pages' own buttons are, so one word means one thing).
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const onSignin = pathname.startsWith(paths.signin.root);
  const onSignup = pathname.startsWith(paths.signup.root);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
          <Link to={paths.home} className="rounded-lg" aria-label="Placement Portal home">
            <Logo />
          </Link>
          <nav
            aria-label="Main"
            className="order-last -mx-3 flex w-full gap-1 md:order-none md:mx-0 md:w-auto"
          >
            {navLinks.map((link) => (
              <NavLink key={link.to} to={link.to} end className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            {!onSignin && (
              <Link to={paths.signin.root} className={buttonVariants.secondary}>
                Sign In
              </Link>
            )}
            {!onSignup && (
              <Link to={paths.signup.root} className={buttonVariants.primary}>
                Sign Up
              </Link>
            )}
          </div>
        </div>
      </header>

      <main id="main" className="flex-1">
        <Outlet />
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Placement Portal, the college&apos;s placement cell.</p>
          <div className="flex gap-4">
            <Link to={paths.about} className="hover:text-slate-900">
              About
            </Link>
            <Link to={paths.contact} className="hover:text-slate-900">
              Contact
            </Link>
          </div>
        </div>
      </footer>
    </div>
  );
}
