import type { ProjectionLedgerFields } from '../events/capacity/model';
import { orderSortKey, type OrderLine } from '../orders/model';

/** The edit and delete window of a registration (docs/api.md): one hour after creation. */
export const REGISTRATION_EDIT_WINDOW_MS = 60 * 60 * 1000;

/**
 * A direct sale registered by a member (docs/decisions/sales.md Registration, docs/decisions/sales.md). It holds `capacityQuantity`
 * (= totalQuantity while live) on the `registrations` channel of its showtime's counter; a soft-deleted one holds
 * nothing. Lines keep the price and fee copied from the ticket type when the sale was registered.
 */
export interface RegistrationDoc extends ProjectionLedgerFields {
  id: string;
  docType: 'registration';
  organizationId: string;
  eventId: string;
  eventName: string;
  /** Always resolved (the event's only showtime when the request named none). */
  showtimeId: string;
  showtimeDateTime?: string;
  showtimeLabel?: string;
  tickets: OrderLine[];
  totalQuantity: number;
  totalAmount: number;
  totalFees: number;
  capacityQuantity: number;
  buyerName?: string;
  buyerEmail?: string;
  note?: string;
  /** The member who made the sale (the caller who registered it). */
  sellerId: string;
  sellerName: string;
  sellerEmail?: string;
  createdAt: string;
  /** createdAt + 1 hour: when the edit window closes. */
  lockedAt: string;
  updatedAt: string;
  updatedBy?: string;
  invoicedAt?: string;
  /** Stable actor id of whoever marked it invoiced. */
  invoicedById?: string;
  invoicedByName?: string;
  /** Legacy: older records keep the invoicing actor's display name here (never an id). */
  invoicedBy?: string;
  /**
   * `${createdAt}|${id}`, the same one-field list order as an order's `sortKey` (orders/model.ts), so the personal
   * history pages orders and registrations together with one single-field ORDER BY. Every create writes it (typed
   * optional like the order's, so records written by other code paths and test fixtures still type-check).
   */
  sortKey?: string;
  deletedAt?: string;
  deletedBy?: string;
}

/** The history sort key of a registration: the same normalized form as an order's. */
export const registrationSortKey = (registration: Pick<RegistrationDoc, 'createdAt' | 'id'>) =>
  orderSortKey(registration);
