import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from '../ui/router';
import { http, unwrap } from '../api/instance';
import { chooseOrganization, clearSession } from '../api/session';
import { atLeast } from '../api/types';
import { ErrorNotice, Loading } from '../ui/feedback';
import { roleLabel } from '../ui/format';
import { LanguageSwitcher } from '../ui/LanguageSwitcher';
import { useOrganizationFormat } from '../data/organization-format';
import { queryClient } from '../data/query-client';
import { useMe, useSession } from '../data/session-hooks';
import { notificationsQuery } from '../data/queries';
import { AreaNav } from './area-nav';
import { PendingWrites } from '../offline/PendingWrites';
import { useLinkedOrganization } from '../pages/member/linked-organization';

let shellShown = false;
/**
 * On the application's first render the page comes one task after the shell: two shorter tasks, not one long one, so
 * a tap is answered between them (the renderer renders a tree in one go). Afterwards, pages render at once.
 */
function PageAfterShell() {
  const [ready, setReady] = useState(shellShown);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => {
      shellShown = true;
      setReady(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready ? <Outlet /> : null;
}

/** The member's destinations: the bottom tab bar on a phone, the first row of links on a desk. */
const MEMBER_LINKS = [
  ['/', 'nav.member.event'],
  ['/history', 'nav.member.orders'],
  ['/sales', 'nav.member.sales'],
  ['/stats', 'nav.member.stats'],
  ['/pledge', 'nav.member.pledge'],
] as const;
const MANAGER_LINKS = [
  ['/manage', 'nav.manager.queue'],
  ['/manage/delivered', 'nav.manager.delivered'],
  ['/manage/reconcile', 'nav.manager.reconcile'],
  ['/manage/free-tickets', 'nav.manager.freeTickets'],
  ['/manage/external', 'nav.manager.external'],
  ['/manage/capacity', 'nav.manager.capacity'],
] as const;

/** Pages that need no organization: the super admin's (docs/decisions/web-client-part2.md, "No organization"). */
const needsNoOrganization = (path: string) => path.startsWith('/super/');

/** The frame of every signed-in page: organization, navigation by role, notifications badge, logout. */
export function Layout() {
  const { t } = useTranslation();
  const { organizationId } = useSession();
  useOrganizationFormat();
  useLinkedOrganization();
  const [menuOpen, setMenuOpen] = useState(false);
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const membership = me.data?.memberships.find((m) => m.organizationId === organizationId && m.approved);
  // The unread count comes with /api/auth/me (asked with the organization); the notification list, when a page has
  // read it more recently (the notifications page), is newer. The shell never asks for the list itself.
  const notifications = useQuery({ ...notificationsQuery(organizationId ?? ''), enabled: false });
  // One approved organization: open it without asking (after render: choosing notifies other components).
  const approved = me.data?.memberships.filter((m) => m.approved) ?? [];
  const autoChoice = !membership && approved.length === 1 ? approved[0].organizationId : undefined;
  const superAdmin = me.data?.user.isSuperAdmin === true;
  // A remembered organization that is no longer the caller's is forgotten, so no page asks the API about it.
  const stale = me.isSuccess && !membership && !autoChoice && Boolean(organizationId);
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (autoChoice) chooseOrganization(autoChoice);
    else if (stale) chooseOrganization(undefined);
  }, [autoChoice, stale]);

  if (me.isError)
    return (
      <main id="main" className="page">
        <ErrorNotice error={me.error} title={t('shell.couldNotLoadAccount')} />
      </main>
    );
  // Once /api/auth/me answers, a membership that is gone sends the person to the picker.
  // A super admin needs no organization for the super-admin pages; one who belongs nowhere starts there.
  const withoutOrganization = me.isSuccess && !membership && !autoChoice && superAdmin;
  // The page waits for the membership: it carries the organization's currency and time zone, and a page drawn before
  // would show its amounts in euros and keep them (a component whose data does not change is not drawn again; CI met
  // it). The entry asks auth/me beside the application's download (data/first-screen.ts), so the wait is short.
  const formatsKnown = Boolean(membership) || withoutOrganization;
  if (me.isSuccess && !membership) {
    if (autoChoice || stale) return <Loading what={t('shell.openingOrganization')} />;
    if (!superAdmin) return <Navigate to="/orgs" replace />;
    if (!needsNoOrganization(pathname))
      return <Navigate to={approved.length ? '/orgs' : '/super/organizations'} replace />;
  }
  if (!organizationId && !withoutOrganization) return <Loading what={t('shell.signingIn')} />;
  const manager = atLeast(membership?.role, 'ticketManager');
  const listNewer = notifications.data !== undefined && notifications.dataUpdatedAt >= me.dataUpdatedAt;
  const unread = (listNewer ? notifications.data?.unreadCount : membership?.unreadNotifications) ?? 0;

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

  const memberNav = !withoutOrganization && (
    <nav aria-label={t('nav.member.label')} className="tabbar">
      <ul>
        {MEMBER_LINKS.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} end>
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );

  // A phone shows the brand, the notifications and a Menu button in one row, the member's destinations as a tab bar
  // at the bottom, and everything else in the menu; from 48rem on, the menu is always open (styles.css).
  return (
    <div
      className={`${manager || withoutOrganization ? 'shell wide' : 'shell'}${withoutOrganization ? '' : ' with-tabbar'}`}
    >
      <a className="skip" href="#main">
        {t('shell.skip')}
      </a>
      <header className="top">
        <div className="brand">
          <strong>
            {withoutOrganization ? t('shell.noOrganization') : (membership?.organizationName ?? t('shell.loadingName'))}
          </strong>
          <span className="meta">
            {/* A no-break space holds the line until /api/auth/me answers: the header keeps its height, the page
                below does not move (docs/decisions/web-client.md, "The first screen"). */}
            {me.data?.user.name ?? '\u00a0'} {membership && `· ${roleLabel(membership.role)}`}
            {withoutOrganization && `· ${t('shell.superAdmin')}`}
          </span>
        </div>
        <div className="quick">
          {!withoutOrganization && (
            <NavLink to="/notifications" className="badge-link">
              {/* On a phone a bell stands for the word (still read out by screen readers); the count stays. */}
              <svg className="bell" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                <path
                  fill="currentColor"
                  d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
                />
              </svg>
              <span className="label">{t('shell.notifications')}</span>
              {unread > 0 && <span className="badge"> {t('shell.unread', { count: unread })}</span>}
            </NavLink>
          )}
          <button
            type="button"
            className="secondary menu-button"
            aria-expanded={menuOpen}
            aria-controls="menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('shell.menu')}
          </button>
        </div>
        <div id="menu" className={menuOpen ? 'menu open' : 'menu'}>
          <div className="actions">
            {(!withoutOrganization || approved.length > 0) && (
              <NavLink to="/orgs">
                {withoutOrganization ? t('shell.chooseOrganization') : t('shell.switchOrganization')}
              </NavLink>
            )}
            <LanguageSwitcher onSaved={() => void queryClient.invalidateQueries({ queryKey: ['me'] })} />
            <button type="button" className="secondary" onClick={logout}>
              {t('shell.logout')}
            </button>
          </div>
          {manager && (
            <nav aria-label={t('nav.manager.label')}>
              <ul data-area={t('nav.manager.prefix')}>
                {MANAGER_LINKS.map(([to, label]) => (
                  <li key={to}>
                    <NavLink to={to} end>
                      {t(label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <AreaNav />
        </div>
      </header>
      {memberNav}
      <PendingWrites />
      <main id="main" className="page" tabIndex={-1}>
        {formatsKnown ? <PageAfterShell /> : <Loading what={t('shell.signingIn')} />}
      </main>
    </div>
  );
}
