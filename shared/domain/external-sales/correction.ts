import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { toCorrectionResponse, toExternalSaleResponse } from './mapper';
import type { ExternalSaleCorrectionDoc, ExternalSaleDoc } from './model';
import { commitCorrection, correctionsOf, getExternalSale } from './repo';
import { writeWithCapacity } from '../events/capacity/ledger-write';
import { requireLiveEvent } from '../events/live-event';
import { priceLines, saleTotals } from './rules';
import type { CorrectionBody } from './schemas';
import { freshOnRetry, requireSaleAndEvent, saleHolding } from './manage-external-sales';

/**
 * POST management/external-sales/{id}/correction (Admin): replaces the sale's quantities and writes an
 * immutable audit row (original and corrected lines and totals, actor, reason, time). Sale and audit row go
 * in one transactional batch, the sale guarded by its ETag. A correction records what really sold, so an
 * increase moves the counter without the capacity ceiling, like the manual external count.
 */
export async function correctExternalSale(
  principal: Principal,
  organizationId: string,
  id: string,
  body: CorrectionBody,
) {
  const { sale, event } = await requireSaleAndEvent(organizationId, id);
  const nextSale = freshOnRetry(sale, async () => (await requireSaleAndEvent(organizationId, id)).sale);
  return withEtagRetry(async () => {
    const current = await nextSale();
    const tickets = priceLines(event, body.tickets, current.tickets);
    const totals = saleTotals(tickets);
    const now = new Date().toISOString();
    const next: ExternalSaleDoc = {
      ...current,
      tickets,
      ...totals,
      capacityQuantity: totals.totalQuantity,
      correctionCount: (current.correctionCount ?? 0) + 1,
      lastCorrectedAt: now,
      updatedAt: now,
      updatedBy: principal.userId,
    };
    const audit: ExternalSaleCorrectionDoc = {
      id: randomUUID(),
      docType: 'externalSaleCorrection',
      organizationId,
      externalSaleId: current.id,
      eventId: current.eventId,
      showtimeId: current.showtimeId,
      originalTickets: current.tickets,
      originalTotalQuantity: current.totalQuantity,
      originalTotalAmount: current.totalAmount,
      correctedTickets: tickets,
      correctedTotalQuantity: totals.totalQuantity,
      correctedTotalAmount: totals.totalAmount,
      reason: body.reason.trim(),
      actorId: principal.userId,
      actorName: principal.user?.name ?? principal.userId,
      createdAt: now,
    };
    await writeWithCapacity(
      event,
      'external',
      saleHolding(current),
      saleHolding(next),
      (mark) => commitCorrection(mark(next), current, audit),
      { enforceCeiling: false, documentId: current.id, actor: principal.userId },
    );
    return { sale: toExternalSaleResponse(next), correction: toCorrectionResponse(audit) };
  });
}

/**
 * The audit trail of one sale, oldest first: one partition query. It stays readable after the sale is
 * (soft-)deleted, because the audit outlives the entry it describes; a deleted event hides it like everything else.
 */
export async function listCorrections(organizationId: string, id: string) {
  const sale = await getExternalSale(organizationId, id);
  if (!sale) throw notFound('External sale');
  await requireLiveEvent(organizationId, sale.eventId);
  const rows = await correctionsOf(organizationId, id);
  return { items: rows.map(toCorrectionResponse) };
}
