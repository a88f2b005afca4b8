import { containers } from '../../../shared/store/client';
import { createItem } from '../../../shared/store/operations';
import { type Doc, nowIso, rewriteOrgDocument } from './store-access';

/** Events: projections and records of Shared Events and delegated sales, and event reads that raced a lock. */

/** The marker a delegated-sales projection carries (`sharedEventLink` or `orderRouting`). */
export const seedDelegatedSalesMarker = (orgId: string, eventId: string, marker: Doc) =>
  rewriteOrgDocument(orgId, eventId, (doc) => ({ ...doc, ...marker }));

/** Outbound sales delegations on an owned event, in the shape the organization-mode dependency check reads. */
export const seedOutboundSalesDelegations = (orgId: string, eventId: string, statuses: string[]) =>
  rewriteOrgDocument(orgId, eventId, (doc) => ({ ...doc, salesDelegations: statuses.map((status) => ({ status })) }));

/** An organization's participation in a Shared Event, in the Shared Event partition. */
export const seedSharedEventParticipation = (orgId: string, sharedEventId: string, status = 'active') =>
  createItem(containers().sharedEvents, {
    id: `participant-${orgId}`,
    sharedEventId,
    docType: 'sharedEventParticipant',
    organizationId: orgId,
    status,
  });

/**
 * An event with one showtime, one ticket type and one external sale in a selling partner's partition: a
 * partner owns no events through the API, so these stand in for an existing target there.
 */
export async function seedLegacyEventWithSaleInPartnerPartition(
  partnerId: string,
  ids: { eventId: string; showtimeId: string; saleId: string; typeId: string },
) {
  const now = nowIso();
  await createItem(containers().orgs, {
    id: ids.eventId,
    docType: 'event',
    organizationId: partnerId,
    name: 'Legacy',
    date: '2027-01-01',
    venueCapacity: 10,
    active: true,
    enableQuotas: false,
    showtimes: [{ showtimeId: ids.showtimeId, dateTime: '2027-01-01T19:00:00.000Z', externalSold: 0 }],
    ticketTypes: [
      { id: ids.typeId, eventId: ids.eventId, organizationId: partnerId, name: 'A', price: 1, fee: 0, sortOrder: 0 },
    ],
    createdAt: now,
    updatedAt: now,
  });
  await createItem(containers().orgs, {
    id: ids.saleId,
    docType: 'externalSale',
    organizationId: partnerId,
    eventId: ids.eventId,
    showtimeId: ids.showtimeId,
    tickets: [{ ticketTypeId: ids.typeId, ticketTypeName: 'A', quantity: 1, unitPrice: 1, unitFee: 0 }],
    totalQuantity: 1,
    totalAmount: 1,
    totalFees: 0,
    capacityQuantity: 1,
    source: 'legacy',
    createdAt: now,
    createdBy: 'x',
    updatedAt: now,
    updatedBy: 'x',
  });
}

export const seedEventReadBeforeLock = (orgId: string, eventId: string) =>
  rewriteOrgDocument(orgId, eventId, (doc) => ({ ...doc, salesLocked: false }));
