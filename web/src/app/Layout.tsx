import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { http, unwrap } from '../api/instance';
import { chooseOrganization, clearSession } from '../api/session';
import { atLeast } from '../api/types';
import { ErrorNotice, Loading } from '../ui/feedback';
import { ROLE_LABEL } from '../ui/format';
import { queryClient } from './query-client';
import { useMe, useSession } from './session-hooks';
import { notificationsQuery } from './queries';
import { Part2Nav } from './nav-part2';
import { PendingWrites } from '../offline/PendingWrites';

const MEMBER_LINKS = [
  ['/', 'Event'],
  ['/history', 'My orders'],
  ['/sales', 'Direct sales'],
  ['/stats', 'My stats'],
  ['/pledge', 'Pledge'],
] as const;
const MANAGER_LINKS = [
  ['/manage', 'Queue'],
  ['/manage/delivered', 'Delivered'],
  ['/manage/reconcile', 'Reconcile'],
  ['/manage/free-tickets', 'Free tickets'],
  ['/manage/external', 'External sales'],
  ['/manage/capacity', 'Capacity'],
] as const;

/** Pages that need no organization: the super admin's (docs/decisions/web-client-part2.md, "No organization"). */
const needsNoOrganization = (path: string) => path.startsWith('/super/');

/** The frame of every signed-in page: organization, navigation by role, notifications badge, logout. */
export function Layout() {
  const { organizationId } = useSession();
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const membership = me.data?.memberships.find((m) => m.organizationId === organizationId && m.approved);
  const notifications = useQuery({ ...notificationsQuery(organizationId ?? ''), enabled: Boolean(membership) });
  // One approved organization: open it without asking (after render: choosing notifies other components).
  const approved = me.data?.memberships.filter((m) => m.approved) ?? [];
  const autoChoice = !membership && approved.length === 1 ? approved[0].organizationId : undefined;
  const superAdmin = me.data?.user.isSuperAdmin === true;
  // A remembered organization that is no longer the caller's is forgotten, so no page asks the API about it.
  const stale = me.isSuccess && !membership && !autoChoice && Boolean(organizationId);
  useEffect(() => {
    if (autoChoice) chooseOrganization(autoChoice);
    else if (stale) chooseOrganization(undefined);
  }, [autoChoice, stale]);

  if (me.isError)
    return (
      <main id="main" className="page">
        <ErrorNotice error={me.error} title="Could not load your account" />
      </main>
    );
  // The page starts loading with the remembered organization while /api/auth/me is on its way (no waterfall);
  // once it answers, a membership that is gone sends the person to the picker.
  // A super admin needs no organization for the super-admin pages; one who belongs nowhere starts there.
  const withoutOrganization = me.isSuccess && !membership && !autoChoice && superAdmin;
  if (me.isSuccess && !membership) {
    if (autoChoice || stale) return <Loading what="Opening your organization" />;
    if (!superAdmin) return <Navigate to="/orgs" replace />;
    if (!needsNoOrganization(pathname))
      return <Navigate to={approved.length ? '/orgs' : '/super/organizations'} replace />;
  }
  if (!organizationId && !withoutOrganization) return <Loading what="Signing in" />;
  const manager = atLeast(membership?.role, 'ticketManager');
  const unread = notifications.data?.unreadCount ?? 0;

  const logout = () => {
    // Server-side revocation first; the local session goes whatever the answer (a dead token is already logged out).
    unwrap(http.POST('/api/auth/logout', { body: {} }))
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        queryClient.clear();
        void navigate('/login', { replace: true });
      });
  };

  return (
    <div className={manager || withoutOrganization ? 'shell wide' : 'shell'}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <div className="brand">
          <strong>
            {withoutOrganization ? 'No organization chosen' : (membership?.organizationName ?? 'Loading…')}
          </strong>
          <span className="meta">
            {me.data?.user.name} {membership && `· ${ROLE_LABEL[membership.role]}`}
            {withoutOrganization && '· Super admin'}
          </span>
        </div>
        <div className="actions">
          {!withoutOrganization && (
            <NavLink to="/notifications" className="badge-link">
              Notifications{unread > 0 && <span className="badge"> ({unread} unread)</span>}
            </NavLink>
          )}
          {(!withoutOrganization || approved.length > 0) && (
            <NavLink to="/orgs">{withoutOrganization ? 'Choose an organization' : 'Switch organization'}</NavLink>
          )}
          <button type="button" className="secondary" onClick={logout}>
            Log out
          </button>
        </div>
      </header>
      {!withoutOrganization && (
        <nav aria-label="Member">
          <ul>
            {MEMBER_LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {manager && (
        <nav aria-label="Ticket manager">
          <ul>
            {MANAGER_LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Part2Nav />
      <PendingWrites />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
