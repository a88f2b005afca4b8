import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { ApiError } from '../api/client';
import { ErrorNotice } from './feedback';
import { bestMatch, branchesOf, isActiveLink, type Matched, type Params, type RouteObject } from './route-match';

export type { RouteObject };

/**
 * The client's router: the part of react-router's API this client uses (a route table with layout routes, pages
 * loaded before they render, links, search parameters, redirects), on the browser's History API. react-router was
 * the largest library of the first load (91 KB of 254 KB minified) and a fifth of a page's start-up script time;
 * this does what the pages ask of it and no more (docs/decisions/web-client.md, "The router"). Its rules are
 * react-router's: absolute paths, `:name` segments, `*` for the rest; the most specific route wins (a static segment
 * over a parameter, anything over `*`); a page's chunk is loaded before the address changes, so the previous page
 * stays on screen meanwhile; `NavLink` marks its link `active` with `aria-current="page"`.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface RouterState {
  location: Location;
  matched: Matched | undefined;
  /** A page chunk that failed to load (offline, a new deployment): shown in place of the page. */
  error?: unknown;
}

const currentLocation = (): Location => {
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: state?.usr ?? null,
    key: state?.key ?? 'default',
  };
};

export type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The router over `routes`: it starts loading the opened page's chunk at once (boot.tsx makes it before the first
 * render) and follows the browser's back and forward buttons.
 */
export function createBrowserRouter(routes: RouteObject[]) {
  const branches = branchesOf(routes);
  const components = new Map<RouteObject, ComponentType>();
  const listeners = new Set<() => void>();
  let state: RouterState = { location: currentLocation(), matched: undefined };
  /** Only the latest navigation commits: a slow chunk of an earlier one does not take the screen back. */
  let latest = 0;
  /** The navigation shown (0 until the first page's chunk has arrived). */
  let committed = 0;

  const match = (pathname: string) => bestMatch(branches, pathname);

  const load = async (matched: Matched | undefined) => {
    await Promise.all(
      (matched?.routes ?? [])
        .filter((route) => route.lazy && !components.has(route))
        .map(async (route) => components.set(route, (await route.lazy!()).Component)),
    );
  };

  const commit = (next: RouterState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  /** Loads the chunks of `location`'s page, then shows it (after `beforeCommit`, which writes the address). */
  const go = async (location: Location, beforeCommit?: () => void) => {
    const ticket = ++latest;
    const matched = match(location.pathname);
    let error: unknown;
    try {
      await load(matched);
    } catch (caught) {
      // The page's code did not arrive: to the person that is the connection, said as every unanswered call says it.
      error = new ApiError(0, 'NETWORK_ERROR', String(caught));
    }
    if (ticket !== latest) return;
    beforeCommit?.();
    committed = ticket;
    commit({ location, matched, ...(error ? { error } : {}) });
  };

  let keys = 0;
  const navigate = (to: string | number, options: NavigateOptions = {}): Promise<void> => {
    if (typeof to === 'number') {
      window.history.go(to);
      return Promise.resolve();
    }
    const url = new URL(to, window.location.origin + (to.startsWith('?') ? window.location.pathname : '/'));
    const key = `${Date.now().toString(36)}${(keys++).toString(36)}`;
    const location: Location = {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      state: options.state ?? null,
      key,
    };
    const href = url.pathname + url.search + url.hash;
    // The same address again replaces it, as a link to the page one is on does not add a step to go back through.
    const replace =
      options.replace || href === window.location.pathname + window.location.search + window.location.hash;
    return go(location, () =>
      window.history[replace ? 'replaceState' : 'pushState']({ usr: options.state ?? null, key }, '', href),
    );
  };

  window.addEventListener('popstate', () => void go(currentLocation()));
  void go(state.location);

  /**
   * A redirect drawn by a page (`Navigate`, from the location `from` it was drawn at) yields when that page is no
   * longer the one shown or a navigation is on its way: that one came after the state the page was drawn from (a 401
   * sends the person to the login page saying the session ended, while the page drawn before, seeing no session,
   * would send them there without saying why).
   */
  const redirect = (to: string, options: NavigateOptions, from: string) =>
    latest !== committed || state.location.key !== from ? Promise.resolve() : navigate(to, options);

  return {
    navigate,
    redirect,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => state,
    isInitialized: () => committed > 0,
    componentOf: (route: RouteObject) => components.get(route),
  };
}

const RouterContext = createContext<Router | undefined>(undefined);
const LocationContext = createContext<Location | undefined>(undefined);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

/** Inside the RouterProvider (App.tsx), as every page is. */
const useRouter = () => useContext(RouterContext)!;

/** The page of the address, inside its layout routes; nothing until the opened page's chunk is here. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, router.snapshot);
  if (!router.isInitialized()) return null;
  const { matched, location, error } = state;
  let outlet: ReactNode = null;
  const routes = matched?.routes ?? [];
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!;
    const Component = router.componentOf(route);
    const page =
      i === routes.length - 1 && error ? (
        <ErrorNotice error={error} />
      ) : (
        (route.element ?? (Component ? <Component /> : null))
      );
    outlet = (
      <RouteContext.Provider value={{ outlet, params: matched!.params }}>{page ?? outlet}</RouteContext.Provider>
    );
  }
  return (
    <RouterContext.Provider value={router}>
      <LocationContext.Provider value={location}>{outlet}</LocationContext.Provider>
    </RouterContext.Provider>
  );
}

export const Outlet = () => <>{useContext(RouteContext).outlet}</>;

export const useLocation = (): Location => useContext(LocationContext)!;

export const useParams = <T extends Params = Params>() => useContext(RouteContext).params as Partial<T>;

/** The router's `navigate`: the same function on every render (effects may list it). */
export const useNavigate = () => useRouter().navigate;

type SearchInit = URLSearchParams | Record<string, string> | string;

/** The address's query, and a setter that navigates to the same page with another one. */
export function useSearchParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
      const query = new URLSearchParams(init).toString();
      return navigate(`?${query}`, options);
    },
    [navigate, search],
  );
  return [params, set] as const;
}

/** Goes to `to` once rendered (a redirect), unless the page it was drawn on has already been left. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { redirect } = useRouter();
  const { key } = useLocation();
  useEffect(() => {
    void redirect(to, { replace, state }, key);
  }, [redirect, to, replace, state, key]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions;

/** A plain click follows the link inside the client; a click with a modifier key or another target is the browser's. */
function followInside(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self')
  );
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!followInside(event, target)) return;
        event.preventDefault();
        void navigate(to, { replace, state });
      }}
    />
  );
}

/** A link that says when its page is the one shown (`end`: only that address, not the pages under it). */
export function NavLink({ end, className, ...props }: LinkProps & { end?: boolean }) {
  const active = isActiveLink(props.to, useLocation().pathname, Boolean(end));
  return (
    <Link
      {...props}
      className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
