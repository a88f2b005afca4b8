import { containers } from '../../store/client';
import { readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import type { EventDoc } from '../events/model';
import type { OrganizationDoc } from '../organizations/model';
import type { DelegatedEventSalesRef, SalesDelegation } from './model';

type DelegatingEventDoc = Omit<EventDoc, 'salesDelegations'> & { salesDelegations?: SalesDelegation[] };
type DelegatingEvent = Stored<DelegatingEventDoc>;

/**
 * The owner's event and the partner's delegation on it: one point read in the owner organization's partition
 * (the event id is the document id). A deleted or missing event carries no delegation.
 */
export async function getOwnerDelegation(
  ownerOrganizationId: string,
  eventId: string,
  partnerOrganizationId: string,
): Promise<{ event: DelegatingEvent; delegation: SalesDelegation | undefined } | undefined> {
  const event = await readItem<DelegatingEventDoc>(containers().orgs, ownerOrganizationId, eventId);
  if (event?.docType !== 'event' || event.deletedAt) return undefined;
  // A partner may be invited again after a revoke: the latest entry for the partner is the one that counts.
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

/** Writes (adds or replaces) the partner's delegation on the owner's event, under the event's ETag. */
export async function saveOwnerDelegation(event: DelegatingEvent, delegation: SalesDelegation): Promise<void> {
  const others = (event.salesDelegations ?? []).filter(
    (d) => d.partnerOrganizationId !== delegation.partnerOrganizationId,
  );
  await replaceItem(
    containers().orgs,
    event.organizationId,
    { ...event, salesDelegations: [...others, delegation] },
    event._etag,
  );
}

/** Writes (adds or replaces) the partner's display index entry, under the organization's ETag. */
export async function saveDelegatedEventRef(
  partner: Stored<OrganizationDoc>,
  ref: DelegatedEventSalesRef,
): Promise<void> {
  const others = ((partner.delegatedEventSales ?? []) as DelegatedEventSalesRef[]).filter(
    (r) => r.eventId !== ref.eventId,
  );
  await replaceItem(
    containers().orgs,
    partner.id,
    { ...partner, delegatedEventSales: [...others, ref] },
    partner._etag,
  );
}
