import type { ProjectionLedgerFields } from '../events/capacity/model';
export interface ExternalSaleLine {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPrice: number;
  unitFee: number;
}

/** A ledger sale made outside the service (docs/decisions/events.md ExternalSale); `capacityQuantity` = totalQuantity. */
export interface ExternalSaleDoc extends ProjectionLedgerFields {
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
