import type { ExternalSaleCorrectionDoc, ExternalSaleDoc, ExternalSaleLine } from './model';

/** Wire shapes of the external ledger: absent optional fields stay absent. */
const lines = (tickets: ExternalSaleLine[]) =>
  tickets.map((t) => ({
    ticketTypeId: t.ticketTypeId,
    ticketTypeName: t.ticketTypeName,
    quantity: t.quantity,
    unitPrice: t.unitPrice,
    unitFee: t.unitFee,
  }));

export function toExternalSaleResponse(s: ExternalSaleDoc) {
  return {
    id: s.id,
    organizationId: s.organizationId,
    eventId: s.eventId,
    showtimeId: s.showtimeId,
    tickets: lines(s.tickets),
    totalQuantity: s.totalQuantity,
    totalAmount: s.totalAmount,
    totalFees: s.totalFees,
    source: s.source,
    ...(s.note !== undefined ? { note: s.note } : {}),
    correctionCount: s.correctionCount ?? 0,
    ...(s.lastCorrectedAt ? { lastCorrectedAt: s.lastCorrectedAt } : {}),
    createdAt: s.createdAt,
    createdBy: s.createdBy,
    updatedAt: s.updatedAt,
    updatedBy: s.updatedBy,
    ...(s.deletedAt ? { deletedAt: s.deletedAt } : {}),
  };
}

export function toCorrectionResponse(c: ExternalSaleCorrectionDoc) {
  return {
    id: c.id,
    externalSaleId: c.externalSaleId,
    eventId: c.eventId,
    showtimeId: c.showtimeId,
    originalTickets: lines(c.originalTickets),
    originalTotalQuantity: c.originalTotalQuantity,
    originalTotalAmount: c.originalTotalAmount,
    correctedTickets: lines(c.correctedTickets),
    correctedTotalQuantity: c.correctedTotalQuantity,
    correctedTotalAmount: c.correctedTotalAmount,
    reason: c.reason,
    actorId: c.actorId,
    actorName: c.actorName,
    createdAt: c.createdAt,
  };
}
