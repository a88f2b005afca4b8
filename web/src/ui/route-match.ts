import type { ComponentType, ReactNode } from 'react';

/**
 * The router's matching rules (router.tsx), as react-router's: absolute paths, `:name` for one segment, `*` for the
 * rest; a path matches whole (a trailing slash aside), static segments without regard to case; the most specific
 * route wins: a static segment over a parameter over `*`, so `/shared-events/pending-invitations` is that page and not
 * the Shared Event of id "pending-invitations".
 */
export type Params = Record<string, string>;

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** The page's chunk: loaded before the route renders (the address changes once it is here). */
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: RouteObject[];
}

/** The routes from the table's root to the page, with the address's parameters. */
export interface Matched {
  routes: RouteObject[];
  params: Params;
}

export interface Branch {
  chain: RouteObject[];
  pattern: string;
}

/** Every route chain that ends in a page (a path or an index), with the pattern of its address. */
export function branchesOf(routes: RouteObject[], parents: RouteObject[] = [], base = ''): Branch[] {
  const out: Branch[] = [];
  for (const route of routes) {
    const chain = [...parents, route];
    const pattern = route.path ?? base;
    if (route.children) out.push(...branchesOf(route.children, chain, pattern));
    if (route.index) out.push({ chain, pattern: base || '/' });
    else if (route.path) out.push({ chain, pattern });
  }
  return out;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The parameters when `pattern` matches `pathname`, and how specific the match is. */
export function matchPattern(pattern: string, pathname: string): { params: Params; score: number } | undefined {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  const params: Params = {};
  let score = 0;
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment === '*') return { params: { ...params, '*': have.slice(i).join('/') }, score: score - 2 };
    const value = have[i];
    if (value === undefined) return undefined;
    if (segment.startsWith(':')) {
      params[segment.slice(1)] = safeDecode(value);
      score += 3;
    } else if (segment.toLowerCase() === value.toLowerCase()) score += 10;
    else return undefined;
  }
  return have.length === want.length ? { params, score: score + 1 } : undefined;
}

/** The most specific branch that matches `pathname` (the first declared among equals). */
export function bestMatch(branches: Branch[], pathname: string): Matched | undefined {
  let best: (Matched & { score: number }) | undefined;
  for (const branch of branches) {
    const found = matchPattern(branch.pattern, pathname);
    if (found && (!best || found.score > best.score)) best = { routes: branch.chain, ...found };
  }
  return best && { routes: best.routes, params: best.params };
}

/**
 * Whether a link to `to` is the page shown at `pathname` (NavLink): the same path, or with `end` false a page under
 * it; the home `/` only itself.
 */
export function isActiveLink(to: string, pathname: string, end: boolean): boolean {
  const target = segmentsOf(to.split(/[?#]/)[0]!.toLowerCase()).join('/');
  const here = segmentsOf(pathname.toLowerCase()).join('/');
  return here === target || (!end && target !== '' && here.startsWith(`${target}/`));
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
