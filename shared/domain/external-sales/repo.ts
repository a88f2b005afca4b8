import { containers } from '../../store/client';
import { readItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';

export interface ExternalSaleLine {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPrice: number;
  unitFee: number;
}

/** A ledger sale made outside the service (01-core §2 ExternalSale); `capacityQuantity` = totalQuantity. */
export interface ExternalSaleDoc {
  id: string;
  docType: 'externalSale';
  organizationId: string;
  eventId: string;
  showtimeId: string;
  tickets: ExternalSaleLine[];
  totalQuantity: number;
  totalAmount: number;
  totalFees: number;
  capacityQuantity: number;
  source: string;
  note?: string;
  correctionCount?: number;
  lastCorrectedAt?: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  deletedAt?: string;
  deletedBy?: string;
}

/** Immutable audit row of an administrative correction: written once, never replaced or deleted. */
export interface ExternalSaleCorrectionDoc {
  id: string;
  docType: 'externalSaleCorrection';
  organizationId: string;
  externalSaleId: string;
  eventId: string;
  showtimeId: string;
  originalTickets: ExternalSaleLine[];
  originalTotalQuantity: number;
  originalTotalAmount: number;
  correctedTickets: ExternalSaleLine[];
  correctedTotalQuantity: number;
  correctedTotalAmount: number;
  reason: string;
  actorId: string;
  actorName: string;
  createdAt: string;
}

export async function getExternalSale(
  organizationId: string,
  id: string,
): Promise<Stored<ExternalSaleDoc> | undefined> {
  const doc = await readItem<ExternalSaleDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'externalSale' ? doc : undefined;
}

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
