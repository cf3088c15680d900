import type { ReactNode } from 'react';
import { untilAppRuns } from '../../lib/until-app-runs.ts';
import { Button } from './button.tsx';

type TopBarProps = {
  heading: string;
  userName: string;
  menu: { open: boolean; controls: string; onToggle: () => void };
  /** Extra controls before the user's name, e.g. the notification bell. */
  actions?: ReactNode;
  onSignOut: () => void;
  signingOut: boolean;
};

export function TopBar({ heading, userName, menu, actions, onSignOut, signingOut }: TopBarProps) {
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <button
        type="button"
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        aria-expanded={menu.open}
        aria-controls={menu.controls}
        onClick={menu.onToggle}
        // Sent rendered by the server (app/render-pages.tsx), the bar's buttons wait for the app.
        {...untilAppRuns()}
      >
        <span className="sr-only">Menu</span>
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </button>
      {/* On a phone the heading wraps onto two lines rather than losing its end ("College Staff Dash…"). */}
      <h1 className="min-w-0 flex-1 text-sm leading-tight font-semibold break-words text-slate-900 sm:truncate sm:text-lg">
        {heading}
      </h1>
      {actions}
      <span className="hidden max-w-40 truncate text-sm font-medium text-slate-700 sm:inline">
        {userName}
      </span>
      <Button
        variant="secondary"
        onClick={onSignOut}
        isPending={signingOut}
        {...untilAppRuns()}
        className="px-3"
      >
        Sign Out
      </Button>
    </header>
  );
}
