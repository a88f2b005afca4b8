import type { ExternalSaleDoc } from '../external-sales/model';
import type { FreeTicketDoc } from '../free-tickets/model';
import { toCents } from '../vocabulary/money';
import type { OrderDoc } from '../orders/model';
import { isInvoiceBasisValid } from '../orders/invoice-basis';
import { reportedSoldLines } from '../orders/reporting';
import type { RegistrationDoc } from '../registrations/model';
import type { MoneyCents, SalesRecord, SoldLineCents } from './model';

/** A document of the sales read-model as its query projects it (repo.ts: only the fields read here). */
export type SalesSourceDoc =
  | (Partial<OrderDoc> & Pick<OrderDoc, 'docType' | 'id' | 'eventId' | 'showtimeId' | 'createdAt'>)
  | (Partial<RegistrationDoc> & Pick<RegistrationDoc, 'docType' | 'id' | 'eventId' | 'showtimeId' | 'createdAt'>)
  | (Partial<ExternalSaleDoc> & Pick<ExternalSaleDoc, 'docType' | 'id' | 'eventId' | 'showtimeId' | 'createdAt'>)
  | (Partial<FreeTicketDoc> & Pick<FreeTicketDoc, 'docType' | 'id' | 'eventId' | 'showtimeId' | 'createdAt'>);

const centsLine = (line: {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPrice: number;
  fee: number;
}): SoldLineCents => ({
  ticketTypeId: line.ticketTypeId,
  ticketTypeName: line.ticketTypeName,
  quantity: line.quantity,
  unitPriceCents: toCents(line.unitPrice),
  feeCents: toCents(line.fee),
});

/**
 * The one reading of a document as sales (see model.ts). Soft-deleted documents sell and hold nothing
 * (undefined). Printed orders: the reported sold total holds the seats and counts as sold; money comes only from
 * the validated sold lines of reporting.ts (pending and approved add nothing, settled reads the frozen basis).
 * A delegated order (document 02, `soldByOrganizationId`) is the partner channel, never a member's sale.
 */
export function salesRecordOf(doc: SalesSourceDoc): SalesRecord | undefined {
  if (doc.deletedAt) return undefined;
  const eventName = (doc as { eventName?: string }).eventName;
  const base = {
    id: doc.id,
    eventId: doc.eventId,
    ...(eventName !== undefined ? { eventName } : {}),
    showtimeId: doc.showtimeId,
    seats: doc.capacityQuantity ?? 0,
    createdAt: doc.createdAt,
  };
  switch (doc.docType) {
    case 'order': {
      const order = doc as OrderDoc;
      const withTickets = { ...order, tickets: order.tickets ?? [] };
      // docs/decisions/sales.md "Reports": a settled order counts by its validated frozen basis; an invalid one adds no money.
      const validBasis = order.status !== 'settled' || isInvoiceBasisValid(withTickets);
      const lines = validBasis ? reportedSoldLines(withTickets).map(centsLine) : [];
      const partner = order.soldByOrganizationId !== undefined;
      return {
        ...base,
        kind: 'order',
        channel: partner ? 'partner' : 'member',
        soldTickets: base.seats,
        lines,
        status: order.status,
        ...(partner
          ? {
              partnerOrganizationId: order.soldByOrganizationId,
              ...(order.soldByOrganizationName !== undefined
                ? { partnerOrganizationName: order.soldByOrganizationName }
                : {}),
            }
          : { sellerId: order.requestedBy, sellerName: order.requestedByName }),
      };
    }
    case 'registration': {
      const registration = doc as RegistrationDoc;
      return {
        ...base,
        kind: 'registration',
        channel: 'member',
        soldTickets: registration.totalQuantity ?? 0,
        lines: (registration.tickets ?? []).map(centsLine),
        sellerId: registration.sellerId,
        sellerName: registration.sellerName,
      };
    }
    case 'externalSale': {
      const sale = doc as ExternalSaleDoc;
      return {
        ...base,
        kind: 'externalSale',
        channel: 'external',
        soldTickets: sale.totalQuantity ?? 0,
        lines: (sale.tickets ?? []).map((t) => centsLine({ ...t, fee: t.unitFee })),
        source: sale.source,
      };
    }
    case 'freeTicket':
      return { ...base, kind: 'freeTicket', soldTickets: 0, lines: [] };
    default:
      return undefined;
  }
}

/** Revenue (Σ quantity × unit price) and fees (Σ quantity × fee) of lines, in integer cents. */
export function moneyOf(lines: SoldLineCents[]): MoneyCents {
  let revenueCents = 0;
  let feeCents = 0;
  for (const line of lines) {
    revenueCents += line.quantity * line.unitPriceCents;
    feeCents += line.quantity * line.feeCents;
  }
  return { revenueCents, feeCents };
}
