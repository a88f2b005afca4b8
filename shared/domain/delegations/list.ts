import type { OrganizationGrant } from '../organizations/access';
import { notFound } from '../../errors';
import { toDelegatedEventResponse, toDelegationResponse } from './mapper';
import type { DelegatedEventSalesRef } from '../events/sales-delegations/model';
import { delegatedEventSummaries, getDelegatingEvent } from './repo';
import { healEventDelegations } from './reverse-index';
import { getOrganization } from '../organizations/repo';

/** Delegations are read from the owner's event, and the partner's delegated events from its index. */

/**
 * GET .../events/{eventId}/sales-delegations (Owner Admin+, full org): every delegation of the event, history
 * included, oldest first. Side effect (docs/decisions/delegations.md): up to 10 entries whose reverse-index sync is pending or failed
 * are synced again first, so the answer shows their new status.
 */
export async function listEventDelegations(grant: OrganizationGrant, eventId: string) {
  const event = await getDelegatingEvent(grant.organizationId, eventId);
  if (!event || event.deletedAt) throw notFound('Event');
  const owner = { id: grant.organizationId, name: grant.organization?.name ?? '' };
  const healed = await healEventDelegations(event, owner);
  return { items: (healed.event.salesDelegations ?? []).map(toDelegationResponse) };
}

/**
 * GET /api/organizations/{partnerOrganizationId}/delegated-events (any approved member of the partner): the
 * index entries whose denormalized status is active (docs/decisions/delegations.md). A display index, never authority; the event's
 * name and date come from one query over the owners' events (leaving them out when an event is gone).
 */
export async function listDelegatedEvents(grant: OrganizationGrant) {
  const partner = grant.organization ?? (await getOrganization(grant.organizationId));
  if (!partner || partner.deletedAt) throw notFound('Organization');
  const active = ((partner.delegatedEventSales ?? []) as DelegatedEventSalesRef[]).filter((r) => r.status === 'active');
  const events = await delegatedEventSummaries(
    active.map((r) => ({ organizationId: r.ownerOrganizationId, id: r.eventId })),
  );
  return {
    items: active.map((ref) => toDelegatedEventResponse(ref, events.get(`${ref.ownerOrganizationId}/${ref.eventId}`))),
  };
}
