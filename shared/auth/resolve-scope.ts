import { NO_GRANT, type Grant } from './grant';
import { resolveOrganizationScope } from './organization-scope';
import { resolvePartnerScope } from './partner-scope';
import { ANONYMOUS, type Principal } from '../domain/users/principal';
import { authenticate, requireSuperAdmin } from './authenticate';
import type { Scope } from './scope';
import { resolveSharedEventScope } from './shared-event-scope';

/** The parts of a request a scope reads: the bearer token, path parameters and the query string. */
export interface ScopeRequest {
  authorization: string | undefined;
  params: Record<string, string>;
  query: Record<string, string>;
}

export interface ResolvedScope {
  principal: Principal;
  grant: Grant;
}

/** Authenticates the caller (one read) and resolves the route's scope: who may call, and what was loaded. */
export async function resolveScope(scope: Scope, request: ScopeRequest): Promise<ResolvedScope> {
  if (scope.kind === 'public') return { principal: ANONYMOUS, grant: NO_GRANT };
  const principal = await authenticate(request.authorization);
  switch (scope.kind) {
    case 'authenticated':
      return { principal, grant: NO_GRANT };
    case 'superAdmin':
      requireSuperAdmin(principal);
      return { principal, grant: NO_GRANT };
    case 'organization': {
      const organizationId = scope.orgParam ? request.params[scope.orgParam] : request.query.organizationId;
      return resolveOrganizationScope(principal, scope, organizationId);
    }
    case 'sharedEvent':
      return resolveSharedEventScope(
        principal,
        scope,
        request.params[scope.sharedEventParam],
        request.query.organizationId,
      );
    case 'partner':
      return resolvePartnerScope(
        principal,
        scope,
        request.params[scope.partnerParam],
        request.params[scope.eventParam],
      );
  }
}
