import { Suspense, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, type RouteObject } from '../ui/router';
import { setLoggedOutHandler } from '../api/instance';
import { Loading } from '../ui/feedback';
import HomePage from '../pages/member/HomePage';
import { Layout } from './Layout';
import { queryClient } from '../data/query-client';
import { AREA_ROUTES } from './area-routes';
import { landingPages } from './landing-pages';
import { SignedInProvider, useSession } from '../data/session-hooks';
import { PATHS_WITHOUT_SESSION } from '../data/first-screen';

/**
 * Each area is its own chunk: a member's phone never downloads the manager pages. The router loads a page's chunk
 * before it renders the route (route `lazy`), instead of a Suspense fallback inside it: React keeps a fallback it
 * has shown on screen for at least 300 ms, which was most of a manager page's load time (docs/performance.md,
 * "The web client in the bench").
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

function RequireSession() {
  const { session } = useSession();
  const location = useLocation();
  if (!session)
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return (
    <SignedInProvider>
      <Outlet />
    </SignedInProvider>
  );
}

const routes: RouteObject[] = [
  // Without a session: declared from first-screen.ts's list, which the entry reads so as to ask nothing early.
  { path: PATHS_WITHOUT_SESSION.login, lazy: page(landingPages['/login']) },
  { path: PATHS_WITHOUT_SESSION.verify, lazy: page(landingPages['/auth/verify']) },
  { path: PATHS_WITHOUT_SESSION.join, lazy: page(() => import('../pages/auth/JoinPage')) },
  { path: PATHS_WITHOUT_SESSION.unsubscribe, lazy: page(landingPages['/reminders/unsubscribe']) },
  {
    element: <RequireSession />,
    children: [
      { path: '/orgs', lazy: page(landingPages['/orgs']) },
      {
        element: <Layout />,
        children: [
          // The member's landing page is in the first bundle: its data starts loading without waiting for a chunk.
          {
            index: true,
            element: (
              <Suspense fallback={<Loading />}>
                <HomePage />
              </Suspense>
            ),
          },
          { path: '/history', lazy: page(landingPages['/history']) },
          { path: '/sales', lazy: page(landingPages['/sales']) },
          { path: '/stats', lazy: page(landingPages['/stats']) },
          { path: '/pledge', lazy: page(landingPages['/pledge']) },
          { path: '/notifications', lazy: page(landingPages['/notifications']) },
          { path: '/manage', lazy: page(landingPages['/manage']) },
          { path: '/manage/delivered', lazy: page(landingPages['/manage/delivered']) },
          { path: '/manage/reconcile', lazy: page(landingPages['/manage/reconcile']) },
          { path: '/manage/free-tickets', lazy: page(landingPages['/manage/free-tickets']) },
          { path: '/manage/external', lazy: page(landingPages['/manage/external']) },
          { path: '/manage/capacity', lazy: page(landingPages['/manage/capacity']) },
          ...AREA_ROUTES,
          { path: '*', lazy: page(() => import('../pages/common/NotFoundPage')) },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;
/**
 * The router, made on first use: boot.tsx makes it in a task of its own (ranking the routes and asking for the opened
 * page's chunk), apart from the application's evaluation and from the first render.
 */
export function appRouter() {
  if (!router) {
    const made = createBrowserRouter(routes);
    // 401 anywhere, from the first read on: the session is already forgotten (instance.ts); show the login page,
    // keeping the place.
    setLoggedOutHandler(() => {
      queryClient.clear();
      const here = window.location.pathname + window.location.search;
      void made.navigate(`/login?expired=1&next=${encodeURIComponent(here)}`, { replace: true });
    });
    router = made;
  }
  return router;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
