import { containers } from '../../store/client';
import { readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import type { KeyCarrying } from '../../store/write-token';
import { acrossPartitions } from '../../store/query';
import type { EventDoc } from '../events/model';
import type { OrganizationDoc } from '../organizations/model';
import type { DelegatedEventSalesRef, SalesDelegation } from '../events/sales-delegations/model';

/** Every store call of the delegation lifecycle: the owner's event (delegations) and the partner's index. */

export type DelegatingEventDoc = Omit<EventDoc, 'salesDelegations'> & {
  salesDelegations?: SalesDelegation[];
  orderRouting?: string;
};
export type DelegatingEvent = Stored<DelegatingEventDoc>;

/** The owner's event as stored (soft-deleted ones included; callers decide), one point read. */
export async function getDelegatingEvent(
  ownerOrganizationId: string,
  eventId: string,
): Promise<DelegatingEvent | undefined> {
  const event = await readItem<DelegatingEventDoc>(containers().orgs, ownerOrganizationId, eventId);
  return event?.docType === 'event' ? event : undefined;
}

/**
 * The owner's event and the partner's delegation on it: one point read in the owner organization's partition
 * (the event id is the document id). A deleted or missing event carries no delegation.
 */
export async function getOwnerDelegation(
  ownerOrganizationId: string,
  eventId: string,
  partnerOrganizationId: string,
): Promise<{ event: DelegatingEvent; delegation: SalesDelegation | undefined } | undefined> {
  const event = await getDelegatingEvent(ownerOrganizationId, eventId);
  if (!event || event.deletedAt) return undefined;
  // A partner may be invited again after a decline or revoke: the latest entry for the partner is the one that counts.
  const delegation = (event.salesDelegations ?? [])
    .filter((d) => d.partnerOrganizationId === partnerOrganizationId)
    .at(-1);
  return { event, delegation };
}

/** The partner's index entry for an event, taken from the partner organization document already read. */
export function delegatedEventRef(
  partner: Pick<OrganizationDoc, 'delegatedEventSales'>,
  eventId: string,
): DelegatedEventSalesRef | undefined {
  return ((partner.delegatedEventSales ?? []) as DelegatedEventSalesRef[]).find((ref) => ref.eventId === eventId);
}

/**
 * Writes (adds, or replaces by id) a delegation on the owner's event, under the event's ETag (412 when another
 * request changed the event since it was read). Earlier delegations of the same partner stay as history.
 */
export async function saveOwnerDelegation(
  event: DelegatingEvent,
  delegation: SalesDelegation,
  options?: KeyCarrying,
): Promise<DelegatingEvent> {
  const current = event.salesDelegations ?? [];
  const salesDelegations = current.some((d) => d.id === delegation.id)
    ? current.map((d) => (d.id === delegation.id ? delegation : d))
    : [...current, delegation];
  return replaceItem(containers().orgs, event.organizationId, { ...event, salesDelegations }, event._etag, options);
}

/** Writes (adds or replaces) the partner's display index entry for the event, under the organization's ETag. */
export async function saveDelegatedEventRef(
  partner: Stored<OrganizationDoc>,
  ref: DelegatedEventSalesRef,
): Promise<Stored<OrganizationDoc>> {
  const others = ((partner.delegatedEventSales ?? []) as DelegatedEventSalesRef[]).filter(
    (r) => r.eventId !== ref.eventId,
  );
  return replaceItem(
    containers().orgs,
    partner.id,
    { ...partner, delegatedEventSales: [...others, ref] },
    partner._etag,
  );
}

/**
 * Name and date of the named owners' events, for the partner's delegated-events list: one deliberate
 * cross-partition query (a partner's delegations span its owners' partitions), projected to four fields, soft-
 * deleted events left out. Keyed `{organizationId}/{eventId}`; only the pairs asked for are kept.
 */
export async function delegatedEventSummaries(
  keys: { organizationId: string; id: string }[],
): Promise<Map<string, { name: string; date: string }>> {
  if (keys.length === 0) return new Map();
  const wanted = new Set(keys.map((k) => `${k.organizationId}/${k.id}`));
  const rows = await acrossPartitions('orgs')
    .select('c.id, c.organizationId, c.name, c.date')
    .where("c.docType = 'event' AND ARRAY_CONTAINS(@ids, c.id) AND NOT IS_DEFINED(c.deletedAt)", {
      '@ids': [...new Set(keys.map((k) => k.id))],
    })
    .all<{ id: string; organizationId: string; name: string; date: string }>();
  return new Map(
    rows
      .filter((r) => wanted.has(`${r.organizationId}/${r.id}`))
      .map((r) => [`${r.organizationId}/${r.id}`, { name: r.name, date: r.date }]),
  );
}
