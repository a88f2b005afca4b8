import { useSyncExternalStore } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../api/instance';
import { currentOrganizationId, currentSession, sessionVersion, subscribeSession } from '../api/session';
import type { Me, Membership } from '../api/types';
import { meQueryOf } from './first-screen';

/** Re-renders on login, logout and organization changes. */
export function useSession() {
  useSyncExternalStore(subscribeSession, sessionVersion);
  return { session: currentSession(), organizationId: currentOrganizationId() };
}

/**
 * `GET /api/auth/me` with the chosen organization: the answer's membership there also carries the unread
 * notification count (and every approved one `sellsForOthers`), so the shell needs no call of its own for its badge
 * or its partner link (docs/decisions/web-client.md, "The first screen"). Keyed by the organization; while another
 * organization's answer loads, the previous one stands in (the memberships are the same person's).
 */
export const meQuery = (organizationId: string | undefined) => ({
  queryKey: ['me', organizationId ?? ''],
  queryFn: () => unwrap(http.GET('/api/auth/me', { params: { query: meQueryOf(organizationId) } })),
  staleTime: 60_000,
  placeholderData: keepPreviousData,
});

export function useMe() {
  const { organizationId } = useSession();
  return useQuery<Me>(meQuery(organizationId));
}

/** The chosen organization and the caller's membership in it (once /api/auth/me has answered). */
export function useOrganization(): { organizationId: string; membership?: Membership } {
  const { organizationId } = useSession();
  const me = useMe();
  const membership = me.data?.memberships.find((m) => m.organizationId === organizationId);
  return { organizationId: organizationId ?? '', membership };
}
