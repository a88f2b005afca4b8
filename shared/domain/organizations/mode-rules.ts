import type { OrganizationMode } from './model';

/** Owner-side state that blocks `full` → `sellingPartner` (docs/decisions/organizations.md "Organization capability mode" rule 2). */
export type DowngradeBlocker = 'ownedEvents' | 'sharedEventParticipation' | 'outboundSalesDelegations';

export interface OwnedEventFacts {
  /** Delegation statuses on the event (`invited`, `active`, `declined`, `revoked`). */
  delegationStatuses: string[];
}

/** Pure decision: which blockers stand in the way of the downgrade (soft-deleted events count). */
export function downgradeBlockers(events: OwnedEventFacts[], sharedEventParticipations: number): DowngradeBlocker[] {
  const blockers: DowngradeBlocker[] = [];
  if (events.length > 0) blockers.push('ownedEvents');
  if (sharedEventParticipations > 0) blockers.push('sharedEventParticipation');
  if (events.some((e) => e.delegationStatuses.some((s) => s === 'active' || s === 'invited'))) {
    blockers.push('outboundSalesDelegations');
  }
  return blockers;
}

export type ModeTransition = 'reassert' | 'upgrade' | 'downgrade';

export function classifyTransition(current: OrganizationMode, requested: OrganizationMode): ModeTransition {
  if (current === requested) return 'reassert';
  return requested === 'full' ? 'upgrade' : 'downgrade';
}
