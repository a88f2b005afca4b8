import { config } from '../../config';
import { object } from '../vocabulary/schema-parts';
import { modeOf, type OrganizationDoc } from './model';

/**
 * Whether an organization may create (or join) Shared Events: its mode, then the global switch and the allowlist
 * (docs/shared-events.md, rule 4, steps 1 and 2). Here, below both of its readers, because it is decided from the
 * organization document alone: GET shared-event-capabilities/create (shared-events/capabilities.ts) answers it, and
 * an admin's GET auth/me carries the same answer (sign-in/log-in.ts), so a client's shell needs no call of its own.
 */

/** Why an organization may not create or join (the reasons of GET shared-event-capabilities/create). */
const CAPABILITY_REFUSALS = [
  'organization_mode_restricted',
  'organization_not_allowed',
  'shared_events_disabled',
] as const;
export type CapabilityRefusal = (typeof CAPABILITY_REFUSALS)[number];

export function capabilityRefusal(
  org: Pick<OrganizationDoc, 'id' | 'organizationMode'>,
): CapabilityRefusal | undefined {
  if (modeOf(org) === 'sellingPartner') return 'organization_mode_restricted';
  const cfg = config();
  if (!cfg.sharedEventsEnabled) return 'shared_events_disabled';
  if (cfg.sharedEventsOrgAllowlist.length > 0 && !cfg.sharedEventsOrgAllowlist.includes(org.id))
    return 'organization_not_allowed';
  return undefined;
}

/** The answer of GET shared-event-capabilities/create for an organization read. */
export function sharedEventCreationOf(org: Pick<OrganizationDoc, 'id' | 'organizationMode'>) {
  const reason = capabilityRefusal(org);
  return reason ? { canCreateSharedEvents: false, reason } : { canCreateSharedEvents: true };
}

export const capabilitiesResponse = object(
  {
    canCreateSharedEvents: { type: 'boolean' },
    reason: { type: 'string', enum: [...CAPABILITY_REFUSALS] },
  },
  ['canCreateSharedEvents'],
);
