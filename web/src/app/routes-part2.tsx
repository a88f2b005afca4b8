import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Loading } from '../ui/feedback';
import { RequireAccess, type Access } from '../ui/part2/access';

/**
 * Part 2's pages (treasurer, admin, super admin, Shared Events, partner), each its own lazily loaded chunk so the
 * member's first load never carries them. Who sees the links is decided in nav-part2.tsx; a page reached anyway
 * shows the API's 403 as "not allowed".
 */
const page = (load: () => Promise<{ default: ComponentType }>, allowed?: (access: Access) => boolean) => {
  const Page = lazy(load);
  const element = (
    <Suspense fallback={<Loading what="Opening page" />}>
      <Page />
    </Suspense>
  );
  // A person without the role reads "not allowed" before any form or call (the API would refuse with 403 anyway).
  return allowed ? <RequireAccess allowed={allowed}>{element}</RequireAccess> : element;
};
const treasurer = (a: Access) => a.at('treasurer') || a.isSuperAdmin;
const admin = (a: Access) => a.at('admin') || a.isSuperAdmin;
const superAdmin = (a: Access) => a.isSuperAdmin;

export const PART2_ROUTES: RouteObject[] = [
  { path: '/treasurer', element: page(() => import('../pages/treasurer/DashboardPage'), treasurer) },
  { path: '/treasurer/reports', element: page(() => import('../pages/treasurer/ReportsPage'), treasurer) },
  { path: '/admin', element: page(() => import('../pages/admin/EventsPage'), admin) },
  { path: '/admin/commitment', element: page(() => import('../pages/admin/CommitmentPage'), admin) },
  { path: '/admin/members', element: page(() => import('../pages/admin/MembersPage'), admin) },
  { path: '/admin/archive', element: page(() => import('../pages/admin/ArchivePage'), admin) },
  { path: '/admin/delegations', element: page(() => import('../pages/admin/DelegationsPage'), admin) },
  { path: '/partner', element: page(() => import('../pages/partner/PartnerPage')) },
  // The link of a sales delegation invitation (docs/decisions/delegations.md).
  { path: '/delegations/accept', element: page(() => import('../pages/partner/AcceptDelegationPage')) },
  { path: '/super/organizations', element: page(() => import('../pages/super-admin/OrganizationsPage'), superAdmin) },
  { path: '/super/users', element: page(() => import('../pages/super-admin/UsersPage'), superAdmin) },
  {
    path: '/super/impersonation',
    element: page(() => import('../pages/super-admin/ImpersonationAuditPage'), superAdmin),
  },
  { path: '/shared-events', element: page(() => import('../pages/shared-events/SharedEventsPage')) },
  // The notification's actionUrl (docs/decisions/shared-event-invitations.md): the same list, pending first.
  {
    path: '/shared-events/pending-invitations',
    element: page(() => import('../pages/shared-events/SharedEventsPage')),
  },
  { path: '/shared-events/invitations/accept', element: page(() => import('../pages/shared-events/AcceptLinkPage')) },
  { path: '/shared-events/:sharedEventId', element: page(() => import('../pages/shared-events/SharedEventPage')) },
];
