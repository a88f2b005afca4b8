import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { setLoggedOutHandler } from '../api/instance';
import { Loading } from '../ui/feedback';
import HomePage from '../pages/member/HomePage';
import { Layout } from './Layout';
import { queryClient } from './query-client';
import { PART2_ROUTES } from './routes-part2';
import { useSession } from './session-hooks';

/** Each area is its own chunk: a member's phone never downloads the manager pages. */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading what="Opening page" />}>
      <Page />
    </Suspense>
  );
};

function RequireSession() {
  const { session } = useSession();
  const location = useLocation();
  if (!session)
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

const router = createBrowserRouter([
  { path: '/login', element: page(() => import('../pages/auth/LoginPage')) },
  { path: '/auth/verify', element: page(() => import('../pages/auth/VerifyPage')) },
  { path: '/join/:code', element: page(() => import('../pages/auth/JoinPage')) },
  {
    element: <RequireSession />,
    children: [
      { path: '/orgs', element: page(() => import('../pages/auth/OrganizationPage')) },
      {
        element: <Layout />,
        children: [
          // The member's landing page is in the first bundle: its data starts loading without waiting for a chunk.
          {
            index: true,
            element: (
              <Suspense fallback={<Loading what="Opening page" />}>
                <HomePage />
              </Suspense>
            ),
          },
          { path: '/history', element: page(() => import('../pages/member/OrdersPage')) },
          { path: '/sales', element: page(() => import('../pages/member/SalesPage')) },
          { path: '/stats', element: page(() => import('../pages/member/StatsPage')) },
          { path: '/pledge', element: page(() => import('../pages/member/PledgePage')) },
          { path: '/notifications', element: page(() => import('../pages/common/NotificationsPage')) },
          { path: '/manage', element: page(() => import('../pages/manager/QueuePage')) },
          { path: '/manage/delivered', element: page(() => import('../pages/manager/DeliveredPage')) },
          { path: '/manage/reconcile', element: page(() => import('../pages/manager/ReconcilePage')) },
          { path: '/manage/free-tickets', element: page(() => import('../pages/manager/FreeTicketsPage')) },
          { path: '/manage/external', element: page(() => import('../pages/manager/ExternalPage')) },
          { path: '/manage/capacity', element: page(() => import('../pages/manager/CapacityPage')) },
          ...PART2_ROUTES,
          { path: '*', element: page(() => import('../pages/common/NotFoundPage')) },
        ],
      },
    ],
  },
]);

export function App() {
  useEffect(() => {
    // 401 anywhere: the session is already forgotten (instance.ts); show the login page, keeping the place.
    setLoggedOutHandler(() => {
      queryClient.clear();
      const here = window.location.pathname + window.location.search;
      void router.navigate(`/login?expired=1&next=${encodeURIComponent(here)}`, { replace: true });
    });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
