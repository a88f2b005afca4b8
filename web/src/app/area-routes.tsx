import type { ComponentType } from 'react';
import type { RouteObject } from '../ui/router';
import { RequireAccess } from './RequireAccess';
import { type Access } from '../data/access';

/**
 * The pages of the areas (treasurer, admin, super admin, Shared Events, partner), each its own lazily loaded chunk so the
 * member's first load never carries them. Who sees the links is decided in area-nav.tsx; a page reached anyway
 * shows the API's 403 as "not allowed".
 */
const page = (load: () => Promise<{ default: ComponentType }>, allowed?: (access: Access) => boolean) => async () => {
  const Page = (await load()).default;
  // A person without the role reads "not allowed" before any form or call (the API would refuse with 403 anyway).
  // Loaded by the router before the route renders, without a Suspense fallback (App.tsx says why).
  const Component = allowed
    ? () => (
        <RequireAccess allowed={allowed}>
          <Page />
        </RequireAccess>
      )
    : Page;
  return { Component };
};
const treasurer = (a: Access) => a.at('treasurer') || a.isSuperAdmin;
const admin = (a: Access) => a.at('admin') || a.isSuperAdmin;
const superAdmin = (a: Access) => a.isSuperAdmin;

export const AREA_ROUTES: RouteObject[] = [
  { path: '/treasurer', lazy: page(() => import('../pages/treasurer/DashboardPage'), treasurer) },
  { path: '/treasurer/reports', lazy: page(() => import('../pages/treasurer/ReportsPage'), treasurer) },
  { path: '/admin', lazy: page(() => import('../pages/admin/EventsPage'), admin) },
  { path: '/admin/commitment', lazy: page(() => import('../pages/admin/CommitmentPage'), admin) },
  { path: '/admin/members', lazy: page(() => import('../pages/admin/MembersPage'), admin) },
  { path: '/admin/archive', lazy: page(() => import('../pages/admin/ArchivePage'), admin) },
  { path: '/admin/delegations', lazy: page(() => import('../pages/admin/DelegationsPage'), admin) },
  { path: '/admin/settings', lazy: page(() => import('../pages/admin/SettingsPage'), admin) },
  { path: '/door', lazy: page(() => import('../pages/door/DoorPage')) },
  { path: '/partner', lazy: page(() => import('../pages/partner/PartnerPage')) },
  // The link of a sales delegation invitation (docs/decisions/delegations.md).
  { path: '/delegations/accept', lazy: page(() => import('../pages/partner/AcceptDelegationPage')) },
  { path: '/super/organizations', lazy: page(() => import('../pages/super-admin/OrganizationsPage'), superAdmin) },
  { path: '/super/users', lazy: page(() => import('../pages/super-admin/UsersPage'), superAdmin) },
  {
    path: '/super/impersonation',
    lazy: page(() => import('../pages/super-admin/ImpersonationAuditPage'), superAdmin),
  },
  { path: '/invoices', lazy: page(() => import('../pages/member/InvoicesPage')) },
  { path: '/shared-events', lazy: page(() => import('../pages/shared-events/SharedEventsPage')) },
  // The notification's actionUrl (docs/decisions/shared-event-invitations.md): the same list, pending first.
  {
    path: '/shared-events/pending-invitations',
    lazy: page(() => import('../pages/shared-events/SharedEventsPage')),
  },
  { path: '/shared-events/invitations/accept', lazy: page(() => import('../pages/shared-events/AcceptLinkPage')) },
  { path: '/shared-events/:sharedEventId', lazy: page(() => import('../pages/shared-events/SharedEventPage')) },
];
