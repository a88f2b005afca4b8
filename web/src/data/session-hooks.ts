import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../api/instance';
import { currentOrganizationId, currentSession, sessionVersion, subscribeSession } from '../api/session';
import type { Me, Membership } from '../api/types';

/** Re-renders on login, logout and organization changes. */
export function useSession() {
  useSyncExternalStore(subscribeSession, sessionVersion);
  return { session: currentSession(), organizationId: currentOrganizationId() };
}

export const meQuery = { queryKey: ['me'], queryFn: () => unwrap(http.GET('/api/auth/me')), staleTime: 60_000 };

export function useMe() {
  return useQuery<Me>(meQuery);
}

/** The chosen organization and the caller's membership in it (once /api/auth/me has answered). */
export function useOrganization(): { organizationId: string; membership?: Membership } {
  const { organizationId } = useSession();
  const me = useMe();
  const membership = me.data?.memberships.find((m) => m.organizationId === organizationId);
  return { organizationId: organizationId ?? '', membership };
}
