import { DomainError, conflict, forbidden } from '../../errors';
import type { OrderDoc, OrderStatus } from '../orders/model';
import { isInvoiceBasisValid } from '../orders/invoice-basis';

/**
 * The archive rules of docs/decisions/archive.md "Archive rules" and document 02's reporting channel rule, as pure functions:
 * which orders may be archived, what blocks a settled one, the bulk preview, and the single archive decision.
 */
export type ArchiveBlocker = 'invoicePrerequisite' | 'invalidInvoiceBasis';

/** Only terminal orders are archived: an open order still holds tickets or money someone has to act on. */
export const ARCHIVABLE_STATUSES: readonly OrderStatus[] = ['cancelled', 'settled'];

/** The fields the rules read; the bulk queries project exactly these. */
export type ArchiveFacts = Pick<
  OrderDoc,
  'status' | 'invoiceBasis' | 'invoicedAt' | 'soldByOrganizationId' | 'tickets' | 'soldQuantity' | 'totalQuantity'
> &
  Partial<Pick<OrderDoc, 'archived' | 'deletedAt'>>;

export const isArchivableStatus = (status: OrderStatus) => ARCHIVABLE_STATUSES.includes(status);

/** A delegated order is settled with the partner organization outside the service, so it is never invoiced here. */
export const isDelegated = (order: Pick<OrderDoc, 'soldByOrganizationId'>) => Boolean(order.soldByOrganizationId);

/**
 * What stands between a settled order and its archive: no issued invoice (unless delegated), an invalid frozen
 * basis, or both. Cancelled orders have nothing to invoice and are never blocked.
 */
export function archiveBlockers(order: ArchiveFacts): ArchiveBlocker[] {
  if (order.status !== 'settled') return [];
  const blockers: ArchiveBlocker[] = [];
  if (!order.invoicedAt && !isDelegated(order)) blockers.push('invoicePrerequisite');
  if (!isInvoiceBasisValid(order)) blockers.push('invalidInvoiceBasis');
  return blockers;
}

/** Archive rule 2: cancelled, or settled with nothing blocking; deleted and already archived orders are out. */
export function isArchiveEligible(order: ArchiveFacts): boolean {
  if (order.deletedAt || order.archived === true) return false;
  return isArchivableStatus(order.status) && archiveBlockers(order).length === 0;
}

export interface ArchivePreview {
  eligibleCount: number;
  /** Eligible orders per archivable status. */
  statusBreakdown: { cancelled: number; settled: number };
  /** Settled orders, not archived, with no issued invoice (delegated orders never count here). */
  blockedSettledUninvoiced: number;
  /** Settled orders, not archived, whose frozen basis is invalid; an order with both blockers counts in both. */
  blockedInvalidInvoiceBasis: number;
}

/** Archive rule 3, over the live, unarchived orders of one event. */
export function previewArchive(orders: Iterable<ArchiveFacts>): ArchivePreview {
  const preview: ArchivePreview = {
    eligibleCount: 0,
    statusBreakdown: { cancelled: 0, settled: 0 },
    blockedSettledUninvoiced: 0,
    blockedInvalidInvoiceBasis: 0,
  };
  for (const order of orders) {
    if (order.deletedAt || order.archived === true || !isArchivableStatus(order.status)) continue;
    const blockers = archiveBlockers(order);
    if (blockers.includes('invoicePrerequisite')) preview.blockedSettledUninvoiced += 1;
    if (blockers.includes('invalidInvoiceBasis')) preview.blockedInvalidInvoiceBasis += 1;
    if (blockers.length > 0) continue;
    preview.eligibleCount += 1;
    preview.statusBreakdown[order.status as 'cancelled' | 'settled'] += 1;
  }
  return preview;
}

export interface ArchiveRequest {
  archived: boolean;
  override?: { confirmed: true };
}

export type ArchiveDecision =
  | { kind: 'unchanged' }
  | { kind: 'unarchive' }
  /** `overridden` lists the blockers an admin override set aside; empty when nothing blocked. */
  | { kind: 'archive'; overridden: ArchiveBlocker[] };

/** Only organization admins (and super admins) may override; asked before the order is read. */
export function assertMayOverride(request: ArchiveRequest, mayOverride: boolean): void {
  if (request.override && !mayOverride) {
    throw forbidden('Only an organization admin can override archive blockers', 'ARCHIVE_OVERRIDE_FORBIDDEN');
  }
}

/**
 * Both blockers: INVALID_INVOICE_BASIS wins, because a correct basis is what an invoice is issued from, so it
 * is the first thing to fix; `data.blockers` always lists every blocker.
 */
export function blockedError(blockers: ArchiveBlocker[]): DomainError {
  if (blockers.includes('invalidInvoiceBasis')) {
    return conflict('The order has an invalid frozen invoice basis', 'INVALID_INVOICE_BASIS', { blockers });
  }
  return conflict('The settled order has no issued invoice', 'INVOICE_REQUIRED', { blockers });
}

/**
 * Archive rule 6 for one order. Repeating the current state changes nothing (so a legacy archived order stays
 * archived whatever it would be blocked by now); the gating applies to archiving, never to unarchiving.
 */
export function decideArchive(order: ArchiveFacts, request: ArchiveRequest): ArchiveDecision {
  const archived = order.archived === true;
  if (!request.archived) return archived ? { kind: 'unarchive' } : { kind: 'unchanged' };
  if (archived) return { kind: 'unchanged' };
  if (!isArchivableStatus(order.status)) {
    throw conflict(`An order in state ${order.status} cannot be archived`, 'INVALID_ORDER_STATE');
  }
  const blockers = archiveBlockers(order);
  if (blockers.length > 0 && !request.override) throw blockedError(blockers);
  return { kind: 'archive', overridden: blockers };
}

export interface ArchiveActor {
  id: string;
  name: string;
  at: string;
}

/** The override evidence of docs/decisions/archive.md; kept through unarchive, replaced only by a later override. */
export type ArchiveOverrideEvidence = {
  overriddenBy: string;
  overriddenByName: string;
  overriddenAt: string;
  archivedAt: string;
  blockers: ArchiveBlocker[];
};

export function applyArchiveDecision<T extends OrderDoc>(order: T, decision: ArchiveDecision, actor: ArchiveActor): T {
  if (decision.kind === 'unchanged') return order;
  if (decision.kind === 'unarchive') {
    const { archivedAt: _at, archivedBy: _by, ...rest } = order;
    return { ...rest, archived: false } as T;
  }
  const evidence: ArchiveOverrideEvidence | undefined =
    decision.overridden.length > 0
      ? {
          overriddenBy: actor.id,
          overriddenByName: actor.name,
          overriddenAt: actor.at,
          archivedAt: actor.at,
          blockers: decision.overridden,
        }
      : undefined;
  return {
    ...order,
    archived: true,
    archivedAt: actor.at,
    archivedBy: actor.id,
    ...(evidence ? { archiveOverride: evidence } : {}),
  };
}
