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
  // The mode: an admin's /api/auth/me carries the Shared Event capability (`sharedEventCreation`; its reason
  // "organization_mode_restricted" means sellingPartner), a super admin reads the organization itself; below admin it
  // is not known, and a page the mode forbids answers 403.
  const creation = membership?.sharedEventCreation;
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
