import { randomUUID } from 'node:crypto';
import { counterId } from '../../../shared/domain/events/capacity/model';
import { containers } from '../../../shared/store/client';
import { createItem, deleteItem } from '../../../shared/store/operations';
import { type Doc } from './store-access';

/** Capacity: counter drift the way a crash leaves it (the heal pass repairs it). */

/**
 * A capacity-ledger document (order, registration, free ticket, external sale) written without moving the
 * counter, as a crash between the two writes leaves it. `extra` can mark it soft-deleted.
 */
export const seedLedgerEntryBypassingCounter = (
  orgId: string,
  entry: { eventId: string; showtimeId: string; docType: string; quantity: number },
  extra: Doc = {},
) =>
  createItem(containers().orgs, {
    id: `${entry.docType}-${randomUUID()}`,
    docType: entry.docType,
    organizationId: orgId,
    eventId: entry.eventId,
    showtimeId: entry.showtimeId,
    capacityQuantity: entry.quantity,
    ...extra,
  });

/** A showtime's capacity counter lost altogether (the heal pass rebuilds it from the ledger). */
export const loseCapacityCounter = (orgId: string, eventId: string, showtimeId: string) =>
  deleteItem(containers().orgs, orgId, counterId(eventId, showtimeId));
