import type { Role } from '@portal/contracts/common';
import { auth, live } from '@portal/contracts/messages';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { Sidebar } from '../../../components/ui/sidebar.tsx';
import { TopBar } from '../../../components/ui/top-bar.tsx';
import { menus, paths, roleRoutes } from '../../../config/paths.ts';
import { setUserType } from '../../../features/auth/api/get-status.ts';
import { useSignOut } from '../../../features/auth/api/sign-out.ts';
import { NotificationBell } from '../../../features/notifications/components/notification-bell.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useLiveUpdates } from './live-updates.ts';
import { LoadFailureScreen } from './load-failure-screen.tsx';
import { SuspendedScreen } from './suspended-screen.tsx';

type PersonalDetail = { firstName: string; lastName: string; emailID: string; profilePicture: string };

type AreaShellProps = {
  role: Role;
  /** The top bar's heading, in the spec's wording. */
  heading: string;
  /** The signed-in user's record; the route loader has already checked the role. */
  profile: UseQueryResult<{ personalDetail: PersonalDetail }>;
  /** The toast for a failed profile fetch, which differs per role in the spec. */
  describeFailure: (error: Error) => string;
  /** A notice above every page of the area (a company awaiting approval). */
  banner?: ReactNode;
  /**
   * A screen shown instead of the whole area, with sign-out (a rejected company): the account may
   * see nothing else.
   */
  blocked?: ((signOut: SignOutControl) => ReactNode) | undefined;
  /** Menu entries the account holds beside its role's (a coordinator's room board). */
  extraItems?: readonly { label: string; to: string }[];
};

export type SignOutControl = { onSignOut: () => void; signingOut: boolean };

/**
 * The frame of every area: loads the user's record, then shows the side menu, the top bar, any
 * banner and the page. A suspended account gets the suspended screen instead, a blocked one (a
 * rejected company) its own screen; an expired session goes to /signin.
 */
export function AreaShell({
  role,
  heading,
  profile,
  describeFailure,
  banner,
  blocked,
  extraItems = [],
}: AreaShellProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut(role);
  const { data, error, isPending, isRefetching, refetch } = profile;

  const suspended = isApiError(error) && error.message === auth.suspended;
  const expired = isApiError(error) && error.status === 401;

  useEffect(() => {
    if (!error || suspended) return;
    if (expired) {
      setUserType(queryClient, 'visitor');
      toast.error(auth.unauthorized, { toastId: 'unauthorized' });
      void navigate(paths.signin.root, { replace: true });
      return;
    }
    toast.error(describeFailure(error), { toastId: `${role}-profile-failure` });
  }, [error, suspended, expired, describeFailure, queryClient, navigate, role]);

  // null on the server: the page then carries both layouts and its CSS picks one (see Sidebar).
  const desktop = useMediaQuery('(min-width: 1024px)');
  const [desktopMenuOpen, setDesktopMenuOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuOpen = desktop ? desktopMenuOpen : drawerOpen;
  const toggleMenu = () => (desktop ? setDesktopMenuOpen((open) => !open) : setDrawerOpen((open) => !open));
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const sidebarId = useId();

  const onSignOut = () => signOut.mutate();
  // Updates pushed by the server, once the area is showing (not to a suspended or blocked account).
  const liveMode = useLiveUpdates(Boolean(data) && !suspended && !expired && !blocked);

  if (isPending || expired) return <LoadingOverlay />;
  if (suspended) return <SuspendedScreen onSignOut={onSignOut} signingOut={signOut.isPending} />;
  // A failed refetch (the record is re-read while a company awaits approval) keeps the area on
  // screen with the toast; only a first load that failed has nothing to show.
  if (!data) {
    return (
      <LoadFailureScreen
        message={error ? describeFailure(error) : ''}
        onRetry={() => void refetch()}
        retrying={isRefetching}
        onSignOut={onSignOut}
        signingOut={signOut.isPending}
      />
    );
  }

  if (blocked) return blocked({ onSignOut, signingOut: signOut.isPending });

  const person = data.personalDetail;
  const fullName = `${person.firstName} ${person.lastName}`;

  return (
    <div className="flex min-h-dvh">
      <Sidebar
        id={sidebarId}
        label={`${heading} menu`}
        items={[...menus[role], ...extraItems]}
        open={menuOpen}
        overlay={desktop === null ? null : !desktop}
        onClose={closeDrawer}
        homeHref={roleRoutes[role].area}
        footer={
          <div className="flex items-center gap-3">
            <Avatar name={fullName} src={person.profilePicture} />
            <div className="min-w-0">
              {/* Spans, not paragraphs: a bold line over a smaller one reads to axe's p-as-heading as a heading. */}
              <span className="block truncate text-sm font-semibold text-slate-900">{fullName}</span>
              <span className="block truncate text-xs text-slate-500">{person.emailID}</span>
            </div>
          </div>
        }
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          heading={heading}
          userName={fullName}
          menu={{ open: menuOpen, controls: sidebarId, onToggle: toggleMenu }}
          actions={
            <div className="flex items-center gap-2">
              {liveMode === 'polling' && (
                <span className="hidden text-xs text-slate-500 sm:inline">{live.polling}</span>
              )}
              <NotificationBell />
            </div>
          }
          onSignOut={onSignOut}
          signingOut={signOut.isPending}
        />
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {banner && <div className="mb-6">{banner}</div>}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
