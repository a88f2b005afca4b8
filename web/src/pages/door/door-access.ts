import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import { currentSession } from '../../api/session';
import type { Access } from '../../data/access';
import { useOrganization } from '../../data/session-hooks';

/**
 * Who may open the door page: Ticket Manager+ (and a super admin) for every event, and a member for the events an
 * Admin gave them a door grant for (GET /api/me/door-grants, asked by the door page only).
 */
export const worksEveryDoor = (access: Pick<Access, 'at' | 'isSuperAdmin'>) =>
  access.at('ticketManager') || access.isSuperAdmin;

/**
 * Whether a member held a door grant when the door page last asked, kept on the device: the navigation shows them
 * the door link from it without asking the API on every page (a member's pages stay within their call budget). An
 * admin passes the door's address to a new helper once; after their first visit the link stays in their menu.
 */
const HINT_PREFIX = 'tickets.door.helper.';
const listeners = new Set<() => void>();
const hintKey = (organizationId: string) => `${HINT_PREFIX}${currentSession()?.userId ?? ''}.${organizationId}`;

function readHint(organizationId: string): boolean {
  try {
    return localStorage.getItem(hintKey(organizationId)) === '1';
  } catch {
    return false;
  }
}

function rememberHint(organizationId: string, holdsGrant: boolean) {
  try {
    if (holdsGrant) localStorage.setItem(hintKey(organizationId), '1');
    else localStorage.removeItem(hintKey(organizationId));
  } catch {
    /* private mode: the link shows for this visit only */
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The caller's own door grants (the door page), remembered for the navigation. */
export function useMyDoorGrants(enabled: boolean) {
  const { organizationId } = useOrganization();
  const grants = useQuery({
    queryKey: [organizationId, 'my-door-grants'],
    queryFn: () => unwrap(http.GET('/api/me/door-grants', { params: { query: { organizationId } } })),
    enabled: Boolean(organizationId) && enabled,
  });
  const count = grants.data?.items.length;
  useEffect(() => {
    if (organizationId && count !== undefined) rememberHint(organizationId, count > 0);
  }, [organizationId, count]);
  return grants;
}

/** For the navigation: does this person see the door link? No API call. */
export function useDoorLink(access: Access): boolean {
  const organizationId = access.organizationId;
  const remembered = useSyncExternalStore(subscribe, () => Boolean(organizationId) && readHint(organizationId));
  return worksEveryDoor(access) || (access.role === 'member' && remembered);
}
