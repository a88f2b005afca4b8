import { createHash } from 'node:crypto';
import { IN_HANDS_STATUSES, isStatusIn, type OrderDoc, type OrderStatus } from '../orders/model';
import { effectiveSoldQuantity, outstandingQuantity } from '../orders/rules';
import { entryGrants } from '../users/role-map';
import type { UserDoc } from '../users/model';

/**
 * Transfer arithmetic (docs/decisions/transfers.md "Transfer" rules 1-4), pure. Only outstanding quantity moves; sold and
 * returned units and their per-type evidence never move.
 */
type OrderFacts = Pick<
  OrderDoc,
  | 'status'
  | 'tickets'
  | 'totalQuantity'
  | 'soldQuantity'
  | 'soldTypeQuantities'
  | 'returnedQuantity'
  | 'returnedTypeQuantities'
>;

export { effectiveSoldQuantity, outstandingQuantity };

/**
 * Per-type outstanding: ordered minus per-type sold and returned evidence, then capped in line order so the
 * per-type figures never sum above the aggregate outstanding (sold without per-type detail is unattributed).
 */
export function outstandingByType(order: OrderFacts): Map<string, number> {
  const sold = new Map((order.soldTypeQuantities ?? []).map((t) => [t.ticketTypeId, t.soldQuantity]));
  const returned = new Map((order.returnedTypeQuantities ?? []).map((t) => [t.ticketTypeId, t.returnQuantity]));
  let budget = outstandingQuantity(order);
  const result = new Map<string, number>();
  for (const line of order.tickets) {
    const raw = Math.max(
      0,
      line.quantity - (sold.get(line.ticketTypeId) ?? 0) - (returned.get(line.ticketTypeId) ?? 0),
    );
    const capped = Math.min(raw, budget);
    result.set(line.ticketTypeId, (result.get(line.ticketTypeId) ?? 0) + capped);
    budget -= capped;
  }
  return result;
}

/**
 * Splits an aggregate quantity over the per-type outstanding proportionally (largest remainder, ties in line
 * order), never above a type's outstanding. Returns undefined when the quantity exceeds the outstanding total.
 */
export function splitProportionally(perType: Map<string, number>, quantity: number): Map<string, number> | undefined {
  const total = [...perType.values()].reduce((a, b) => a + b, 0);
  if (quantity > total) return undefined;
  const shares = [...perType.entries()].map(([id, available], index) => {
    const exact = total === 0 ? 0 : (available * quantity) / total;
    return { id, available, index, base: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = quantity - shares.reduce((sum, s) => sum + s.base, 0);
  const order = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const share of order) {
    if (left === 0) break;
    if (share.base < share.available) {
      share.base += 1;
      left -= 1;
    }
  }
  return new Map(shares.filter((s) => s.base > 0).map((s) => [s.id, s.base]));
}

export interface TransferRequestShape {
  toUserId: string;
  tickets?: { ticketTypeId: string; quantity: number }[];
  quantity?: number;
  /** The named tickets that move: another set of serials is another transfer (issue 32). */
  serials?: string[];
}

/** Canonical key of recipient, mode, per-type quantities and named serials: detects a replay with other contents. */
export function requestPayloadKey(request: TransferRequestShape): string {
  // Serials in any order name the same tickets; a request naming none keeps the key it always had.
  const serials = request.serials?.length ? `;serials=${[...request.serials].sort().join(',')}` : '';
  if (request.tickets && request.tickets.length > 0) {
    const merged = new Map<string, number>();
    for (const t of request.tickets) merged.set(t.ticketTypeId, (merged.get(t.ticketTypeId) ?? 0) + t.quantity);
    const parts = [...merged.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([id, q]) => `${id}=${q}`);
    return `to=${request.toUserId};mode=tickets;${parts.join(',')}${serials}`;
  }
  return `to=${request.toUserId};mode=quantity;${request.quantity}${serials}`;
}

/** The destination of a partial transfer: a UUID derived from organization and request id (name-based, v5 style). */
export function destinationOrderId(organizationId: string, transferRequestId: string): string {
  const hex = createHash('sha256')
    .update(`transfer:${organizationId}:${transferRequestId.toLowerCase()}`)
    .digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type HistoryTab = 'active' | 'delivered' | 'settled' | 'cancelled';

export function historyTab(status: OrderStatus): HistoryTab {
  if (status === 'settled') return 'settled';
  if (status === 'cancelled') return 'cancelled';
  if (isStatusIn(IN_HANDS_STATUSES, status)) return 'delivered';
  return 'active';
}

/** Deep link into a member's history: bare `/history` when the order left that member entirely. */
export function historyLink(tab: HistoryTab, orderId: string, reassignedAway = false): string {
  if (reassignedAway) return '/history';
  return `/history?tab=${encodeURIComponent(tab)}&orderId=${encodeURIComponent(orderId)}`;
}

/**
 * A partial transfer that moves a delivered source order's whole remaining outstanding balance moves the
 * source to awaitingReconciliation in the same change; otherwise the status stays.
 */
export function statusAfterTransfer(order: OrderFacts, moved: number): OrderStatus {
  return order.status === 'delivered' && moved === outstandingQuantity(order) ? 'awaitingReconciliation' : order.status;
}

/**
 * What the recipient's user document alone says about their membership (role-map.ts): a live user whose role map
 * grants the organization is an approved member with no further read (the map never grants more than the
 * membership); a missing or deleted user is refused; an entry that is missing or denies cannot refuse by itself
 * (a map from before the role map, or a revocation in progress), so the membership is read and decides.
 */
export function recipientByRoleMap(
  user: Pick<UserDoc, 'deletedAt' | 'organizationRoles'> | undefined,
  organizationId: string,
): 'member' | 'not-a-member' | 'membership-decides' {
  if (!user || user.deletedAt) return 'not-a-member';
  return entryGrants(user.organizationRoles?.[organizationId], 'member') ? 'member' : 'membership-decides';
}
