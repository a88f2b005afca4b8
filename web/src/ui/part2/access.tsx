import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import { atLeast, type Role } from '../../api/types';
import { useMe, useOrganization } from '../../app/session-hooks';
import { ErrorNotice, Loading } from '../feedback';

/**
 * Who the caller is here, for showing only the pages they may use: the role in the chosen organization, the
 * super-admin flag and the organization's mode (a sellingPartner organization has no events of its own).
 * Calls: /api/auth/me (shared, cached) and the organization (one GET, cached for the session).
 */
export function useAccess() {
  const { organizationId, membership } = useOrganization();
  const me = useMe();
  const isSuperAdmin = me.data?.user.isSuperAdmin === true;
  const role = membership?.approved ? membership.role : undefined;
  // The mode is readable by an admin (capabilities: "organization_mode_restricted" means sellingPartner) and by a
  // super admin (the organization itself); below admin it is not asked, and a page the mode forbids answers 403.
  const capability = useQuery({
    queryKey: [organizationId, 'shared-event-capability'],
    queryFn: () => unwrap(http.GET('/api/shared-event-capabilities/create', { params: { query: { organizationId } } })),
    enabled: Boolean(organizationId && role === 'admin'),
    staleTime: 5 * 60_000,
  });
  const organization = useQuery({
    queryKey: [organizationId, 'organization'],
    queryFn: () => unwrap(http.GET('/api/organizations/{id}', { params: { path: { id: organizationId } } })),
    enabled: Boolean(organizationId && isSuperAdmin && role !== 'admin'),
    staleTime: 5 * 60_000,
  });
  const sellingPartner =
    capability.data?.reason === 'organization_mode_restricted' ||
    organization.data?.organizationMode === 'sellingPartner';
  return {
    organizationId,
    organizationName: membership?.organizationName,
    role,
    isSuperAdmin,
    sellingPartner,
    canCreateSharedEvents: capability.data?.canCreateSharedEvents === true,
    at: (minimum: Role) => atLeast(role, minimum),
  };
}

export type Access = ReturnType<typeof useAccess>;

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** "Not allowed" in plain words: a 403 is an answer about the person, never an error page. */
export function NotAllowed({ what = 'this page' }: { what?: string }) {
  return (
    <div className="notice" role="status">
      <strong>Not allowed.</strong> Your role in this organization does not give access to {what}. Ask an admin if you
      need it.
    </div>
  );
}

/** QueryView that shows a 403 as "not allowed". */
export function Guarded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError)
    return isForbidden(query.error) ? <NotAllowed /> : <ErrorNotice error={query.error} title="Could not load this" />;
  return <>{children(query.data)}</>;
}

/** Renders the page only for callers who pass `allowed`; everyone else reads "not allowed" (not a blank page). */
export function RequireAccess({ allowed, children }: { allowed: (access: Access) => boolean; children: ReactNode }) {
  const access = useAccess();
  const me = useMe();
  if (me.isPending) return <Loading what="Checking access" />;
  return allowed(access) ? (
    <>{children}</>
  ) : (
    <>
      <h1>Not allowed</h1>
      <NotAllowed />
    </>
  );
}
