import { enforceRateLimit } from '../rate-limits/enforce';
import { config } from '../../config';
import { DomainError, forbidden } from '../../errors';
import { modeOf, type OrganizationDoc } from '../organizations/model';

/**
 * The switches in front of every Shared Event mutation (docs/shared-events.md), in the order rule 4 fixes:
 *   1. the acting organization's mode (403 ORG_MODE_RESTRICTED, before anything else is read or consumed);
 *   2. the global switch and the allowlist (`SHARED_EVENTS_ENABLED`, `SHARED_EVENTS_ORG_ALLOWLIST`);
 *   3. the acting organization's mutation bucket (429 RATE_LIMITED);
 *   then the body, then (creation) each invitee's mode, naming `sharedEvents.join`, before any write.
 * Reads and leaving, declining and removal are never refused by mode (rule 5).
 */
export type SharedEventsCheck = 'sharedEvents.create' | 'sharedEvents.join';

/** Step 1 for the acting organization, or for an invitee once the body is parsed (naming the check). */
export function assertModeAllows(org: Pick<OrganizationDoc, 'organizationMode'>, check: SharedEventsCheck): void {
  if (modeOf(org) === 'sellingPartner') {
    throw new DomainError('ORG_MODE_RESTRICTED', `A selling-partner organization cannot use Shared Events (${check})`, {
      check,
    });
  }
}

/** Step 2: the global switch and the allowlist. */
export function assertSharedEventsOpenTo(organizationId: string): void {
  const cfg = config();
  if (!cfg.sharedEventsEnabled) throw forbidden('Shared Events are not enabled');
  if (cfg.sharedEventsOrgAllowlist.length > 0 && !cfg.sharedEventsOrgAllowlist.includes(organizationId))
    throw forbidden('This organization is not allowed to change Shared Events');
}

/** Step 3: the per-organization mutation bucket. Its size and window are ours (docs/shared-events.md leaves them open). */
export const SHARED_EVENT_MUTATION_LIMIT = { bucket: 'shared-event-mutation', limit: 120, windowSeconds: 60 };

export function takeMutationToken(organizationId: string): Promise<void> {
  return enforceRateLimit(SHARED_EVENT_MUTATION_LIMIT, `organization:${organizationId}`);
}

/** Steps 1 to 3 for the acting organization, already read fresh by the caller (docs/shared-events.md). */
export async function gateMutation(org: Pick<OrganizationDoc, 'id' | 'organizationMode'>, check: SharedEventsCheck) {
  assertModeAllows(org, check);
  assertSharedEventsOpenTo(org.id);
  await takeMutationToken(org.id);
}
