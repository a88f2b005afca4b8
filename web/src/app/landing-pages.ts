import type { ComponentType } from 'react';

/**
 * The chunks of the pages a person opens by address (route `lazy` in App.tsx), by path. The entry (main.tsx) starts
 * the chunk of the address being opened beside the application's code, so the page's download is not one more
 * round trip after the application has run; the router's `lazy` then finds the same module already loading.
 */
export const landingPages = {
  '/login': () => import('../pages/auth/LoginPage'),
  '/auth/verify': () => import('../pages/auth/VerifyPage'),
  '/reminders/unsubscribe': () => import('../pages/member/UnsubscribePage'),
  '/orgs': () => import('../pages/auth/OrganizationPage'),
  '/history': () => import('../pages/member/OrdersPage'),
  '/sales': () => import('../pages/member/SalesPage'),
  '/stats': () => import('../pages/member/StatsPage'),
  '/pledge': () => import('../pages/member/PledgePage'),
  '/notifications': () => import('../pages/common/NotificationsPage'),
  '/manage': () => import('../pages/manager/QueuePage'),
  '/manage/delivered': () => import('../pages/manager/DeliveredPage'),
  '/manage/reconcile': () => import('../pages/manager/ReconcilePage'),
  '/manage/free-tickets': () => import('../pages/manager/FreeTicketsPage'),
  '/manage/external': () => import('../pages/manager/ExternalPage'),
  '/manage/capacity': () => import('../pages/manager/CapacityPage'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

/** Starts the download of the chunk of the page at `path`, when it is one of the above. */
export function startLandingPage(path: string) {
  const load = (landingPages as Record<string, () => Promise<unknown>>)[path];
  // A failure here is the router's to show when it loads the same chunk.
  load?.().catch(() => undefined);
}
