import { bestMatch, branchesOf, isActiveLink, matchPattern, type RouteObject } from '../../web/src/ui/route-match';

/**
 * The web client's router (web/src/ui/router.tsx) matches addresses by react-router's rules, which the pages were
 * written against: whole paths, `:name` segments, `*` last, the most specific route first, layout routes without a
 * path around their pages, an index route for `/`.
 */
const page = (path: string): RouteObject => ({ path });
const login = page('/login');
const join = page('/join/:code');
const home: RouteObject = { index: true };
const orders = page('/history');
const sharedEvent = page('/shared-events/:sharedEventId');
const pending = page('/shared-events/pending-invitations');
const notFound = page('*');
const layout: RouteObject = { children: [home, orders, pending, sharedEvent, notFound] };
const session: RouteObject = { children: [page('/orgs'), layout] };
const table = branchesOf([login, join, session]);
const pageAt = (pathname: string) => {
  const found = bestMatch(table, pathname);
  return found && { page: found.routes.at(-1), params: found.params, depth: found.routes.length };
};

describe('the web client router: which page an address opens', () => {
  it('opens a page inside its layout routes, the index at /', () => {
    expect(pageAt('/')).toEqual({ page: home, params: {}, depth: 3 });
    expect(pageAt('/history')).toEqual({ page: orders, params: {}, depth: 3 });
    expect(pageAt('/login')).toEqual({ page: login, params: {}, depth: 1 });
  });

  it('matches a whole path, a trailing slash and the letters’ case aside', () => {
    expect(pageAt('/history/')?.page).toBe(orders);
    expect(pageAt('/HISTORY')?.page).toBe(orders);
    expect(pageAt('/history/extra')?.page).toBe(notFound);
    expect(pageAt('/histories')?.page).toBe(notFound);
  });

  it('reads :name segments, decoded, and never across a slash', () => {
    expect(pageAt('/join/abc%20def')).toMatchObject({ page: join, params: { code: 'abc def' } });
    expect(pageAt('/join/%E0%A4%A')?.params).toEqual({ code: '%E0%A4%A' }); // a broken escape is kept as written
    expect(pageAt('/join')?.page).toBe(notFound);
    expect(pageAt('/join/a/b')?.page).toBe(notFound);
  });

  it('prefers a static segment to a parameter, and anything to *', () => {
    expect(pageAt('/shared-events/pending-invitations')?.page).toBe(pending);
    expect(pageAt('/shared-events/0b6c')).toMatchObject({ page: sharedEvent, params: { sharedEventId: '0b6c' } });
    expect(pageAt('/nowhere/at/all')).toMatchObject({ page: notFound, params: { '*': 'nowhere/at/all' } });
    expect(matchPattern('*', '/a/b')?.score).toBeLessThan(matchPattern('/:x/:y', '/a/b')!.score);
  });
});

describe('the web client router: which link is the page shown', () => {
  it('is active on its own path, and with `end` false on the pages under it', () => {
    expect(isActiveLink('/manage', '/manage', true)).toBe(true);
    expect(isActiveLink('/manage', '/manage/delivered', true)).toBe(false);
    expect(isActiveLink('/orgs', '/orgs/', false)).toBe(true);
    expect(isActiveLink('/manage', '/manage/delivered', false)).toBe(true);
    expect(isActiveLink('/manage', '/managers', false)).toBe(false);
  });

  it('compares paths only, and the home only with itself', () => {
    expect(isActiveLink('/history?tab=active', '/history', true)).toBe(true);
    expect(isActiveLink('/', '/', false)).toBe(true);
    expect(isActiveLink('/', '/history', false)).toBe(false);
  });
});
