import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { Access } from '../../data/access';
import { useOrganization } from '../../data/session-hooks';

/**
 * Who may open the door page: Ticket Manager+ (and a super admin) for every event, and a member for the events an
 * Admin gave them a door grant for (GET /api/me/door-grants, asked only of members, cached for five minutes).
 */
export const worksEveryDoor = (access: Pick<Access, 'at' | 'isSuperAdmin'>) =>
  access.at('ticketManager') || access.isSuperAdmin;

export function useMyDoorGrants(enabled: boolean) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'my-door-grants'],
    queryFn: () => unwrap(http.GET('/api/me/door-grants', { params: { query: { organizationId } } })),
    enabled: Boolean(organizationId) && enabled,
    staleTime: 5 * 60_000,
  });
}

/** For the navigation: does this person see the door link? */
export function useDoorLink(access: Access): boolean {
  const member = access.role === 'member' && !access.isSuperAdmin;
  const grants = useMyDoorGrants(member);
  return worksEveryDoor(access) || (member && (grants.data?.items.length ?? 0) > 0);
}
