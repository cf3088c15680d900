import { type ReactNode, useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from './logo.tsx';

export type SidebarItem = { label: string; to: string };

type SidebarProps = {
  id: string;
  label: string;
  items: readonly SidebarItem[];
  open: boolean;
  /**
   * True below the desktop breakpoint, where the sidebar is an overlay drawer. Null when the width is
   * not known (a page rendered on the server): the CSS shows the column on a desktop and leaves the
   * drawer closed below it, as the app will once it runs, so nothing moves when it hydrates the page.
   */
  overlay: boolean | null;
  onClose: () => void;
  /** Where the logo leads: the area's home. */
  homeHref: string;
  footer: ReactNode;
};

const column = 'sticky top-0 h-dvh w-64';

/** Shown or not, column or drawer: decided here, or by the CSS when the width is not known. */
function layoutOf(overlay: boolean | null, open: boolean): string {
  if (overlay === null) return `hidden lg:flex ${column}`;
  const shown = open ? 'flex' : 'hidden';
  return overlay ? `${shown} fixed inset-y-0 left-0 z-40 w-[85%] max-w-xs shadow-xl` : `${shown} ${column}`;
}

/**
 * The area's side menu. On a desktop it is a column that can be collapsed; on a phone it is a
 * drawer over the page, closed by the backdrop, Escape, or following a link.
 */
export function Sidebar({ id, label, items, open, overlay, onClose, homeHref, footer }: SidebarProps) {
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!overlay || !open) return;
    firstLink.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, open, onClose]);

  return (
    <>
      {overlay && open && (
        <div className="fixed inset-0 z-30 bg-slate-900/40" aria-hidden="true" onClick={onClose} />
      )}
      <aside
        id={id}
        hidden={overlay === null ? undefined : !open}
        className={`${layoutOf(overlay, open)} shrink-0 flex-col border-r border-slate-200 bg-white`}
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <Link to={homeHref} className="rounded-lg" onClick={overlay ? onClose : undefined}>
            <Logo />
          </Link>
          {overlay && (
            <button
              type="button"
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
              aria-label="Close menu"
              onClick={onClose}
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          )}
        </div>
        <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {items.map((item, index) => (
              <li key={item.to}>
                <NavLink
                  ref={index === 0 ? firstLink : undefined}
                  to={item.to}
                  end
                  onClick={overlay ? onClose : undefined}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-4">{footer}</div>
      </aside>
    </>
  );
}
