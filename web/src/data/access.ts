import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../api/instance';
import { atLeast, type Role } from '../api/types';
import { useMe, useOrganization } from './session-hooks';

/**
 * Who the caller is here, for showing only the pages they may use: the role in the chosen organization, the
 * super-admin flag and the organization's mode (a sellingPartner organization has no events of its own).
 * Calls: /api/auth/me (shared, cached; for an admin it carries the Shared Event capability) and, for a super admin
 * who is not the organization's admin, the organization (one GET, cached for the session).
 */
export function useAccess() {
  const { organizationId, membership } = useOrganization();
  const me = useMe();
  const isSuperAdmin = me.data?.user.isSuperAdmin === true;
  const role = membership?.approved ? membership.role : undefined;
  // The mode is readable by an admin (capabilities: "organization_mode_restricted" means sellingPartner) and by a
  // super admin (the organization itself); below admin it is not asked, and a page the mode forbids answers 403.
  // An admin's /api/auth/me carries the capability answer (`sharedEventCreation`): the route is asked only when an
  // answer lacks it (one cached from before it did), never while another organization's answer stands in.
  const carried = membership?.sharedEventCreation;
  const capability = useQuery({
    queryKey: [organizationId, 'shared-event-capability'],
    queryFn: () => unwrap(http.GET('/api/shared-event-capabilities/create', { params: { query: { organizationId } } })),
    enabled: Boolean(organizationId && role === 'admin' && !carried && me.isSuccess && !me.isPlaceholderData),
    staleTime: 5 * 60_000,
  });
  const creation = carried ?? capability.data;
  const organization = useQuery({
    queryKey: [organizationId, 'organization'],
    queryFn: () => unwrap(http.GET('/api/organizations/{id}', { params: { path: { id: organizationId } } })),
    enabled: Boolean(organizationId && isSuperAdmin && role !== 'admin'),
    staleTime: 5 * 60_000,
  });
  const sellingPartner =
    creation?.reason === 'organization_mode_restricted' || organization.data?.organizationMode === 'sellingPartner';
  return {
    organizationId,
    organizationName: membership?.organizationName,
    role,
    isSuperAdmin,
    sellingPartner,
    canCreateSharedEvents: creation?.canCreateSharedEvents === true,
    at: (minimum: Role) => atLeast(role, minimum),
  };
}

export type Access = ReturnType<typeof useAccess>;
