import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Loading } from '../ui/feedback';

/**
 * Part 2's pages (treasurer, admin, super admin, Shared Events, partner), each its own lazily loaded chunk so the
 * member's first load never carries them. Who sees the links is decided in nav-part2.tsx; a page reached anyway
 * shows the API's 403 as "not allowed".
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading what="Opening page" />}>
      <Page />
    </Suspense>
  );
};

export const PART2_ROUTES: RouteObject[] = [
  { path: '/treasurer', element: page(() => import('../pages/treasurer/DashboardPage')) },
  { path: '/treasurer/reports', element: page(() => import('../pages/treasurer/ReportsPage')) },
  { path: '/admin', element: page(() => import('../pages/admin/EventsPage')) },
  { path: '/admin/commitment', element: page(() => import('../pages/admin/CommitmentPage')) },
  { path: '/admin/members', element: page(() => import('../pages/admin/MembersPage')) },
  { path: '/admin/archive', element: page(() => import('../pages/admin/ArchivePage')) },
  { path: '/admin/delegations', element: page(() => import('../pages/admin/DelegationsPage')) },
  { path: '/partner', element: page(() => import('../pages/partner/PartnerPage')) },
  // The link of a sales delegation invitation (docs/decisions/delegations.md).
  { path: '/delegations/accept', element: page(() => import('../pages/partner/AcceptDelegationPage')) },
  { path: '/super/organizations', element: page(() => import('../pages/super-admin/OrganizationsPage')) },
  { path: '/super/users', element: page(() => import('../pages/super-admin/UsersPage')) },
  { path: '/super/impersonation', element: page(() => import('../pages/super-admin/ImpersonationAuditPage')) },
  { path: '/shared-events', element: page(() => import('../pages/shared-events/SharedEventsPage')) },
  // The notification's actionUrl (docs/decisions/shared-event-invitations.md): the same list, pending first.
  {
    path: '/shared-events/pending-invitations',
    element: page(() => import('../pages/shared-events/SharedEventsPage')),
  },
  { path: '/shared-events/invitations/accept', element: page(() => import('../pages/shared-events/AcceptLinkPage')) },
  { path: '/shared-events/:sharedEventId', element: page(() => import('../pages/shared-events/SharedEventPage')) },
];
