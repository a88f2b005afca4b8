import type { SharedEventAccess } from './access';
import type { Principal } from '../users/principal';
import { config } from '../../config';
import { forbidden, notFound } from '../../errors';
import type { OrganizationDoc } from '../organizations/model';
import { getOrganization } from '../organizations/repo';
import { assertSharedEventsOpenTo, takeMutationToken } from './mutation-gate';
import { sharedEventCreationOf } from '../organizations/shared-event-creation';
import type { SharedEventCapability } from './model';

/**
 * GET shared-event-capabilities/create (docs/shared-events.md): always 200 for an admin of the organization; a selling
 * partner answers false with `organization_mode_restricted`, the switch and the allowlist keep their own reasons.
 * The organization is read fresh (a super admin's scope already read it); a failed read propagates (5xx), a
 * missing one is 404: never `true`, never the restricted answer.
 */
export async function createCapability(organizationId: string, organization?: OrganizationDoc) {
  const org = organization ?? (await getOrganization(organizationId));
  if (!org || org.deletedAt) throw notFound('Organization');
  return sharedEventCreationOf(org);
}

/** The global switch alone, as a route gate: it answers the same whatever the request holds (docs/shared-events.md). */
export function sharedEventsSwitch(): void {
  if (!config().sharedEventsEnabled) throw forbidden('Shared Events are not enabled');
}

/**
 * Steps 2 and 3 of rule 4 for a mutation that is not a creation or a joining (those check the mode first):
 * the allowlist for the acting organization, then its mutation bucket. A Super Admin acting for no organization
 * passes the switch only.
 */
export async function gateActingOrganization(organizationId: string | undefined): Promise<void> {
  if (!organizationId) {
    sharedEventsSwitch();
    return;
  }
  assertSharedEventsOpenTo(organizationId);
  await takeMutationToken(organizationId);
}

/** Every named capability the task needs, held by the caller (owner, grant holder or Super Admin). */
export function requireCapabilities(access: SharedEventAccess, needs: SharedEventCapability[]): void {
  const missing = needs.filter((c) => !access.capabilities.includes(c));
  if (missing.length > 0) {
    throw forbidden(`This action needs the ${missing.join(' and ')} capability on the Shared Event`);
  }
}

/** Audit actor fields of the caller. */
export const actorOf = (principal: Principal, organizationId: string | undefined) => ({
  userId: principal.userId,
  ...(organizationId ? { organizationId } : {}),
});
