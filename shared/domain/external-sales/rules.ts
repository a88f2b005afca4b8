import { badRequest } from '../../errors';
import type { EventDoc } from '../events/model';
import type { ExternalSaleLine } from './model';
import { requireTicketType } from '../events/rules';
import { lineTotals } from '../vocabulary/money';

export interface LineInput {
  ticketTypeId: string;
  quantity: number;
}

/**
 * Prices external-sale lines (docs/decisions/events.md): unit price and fee are `boxofficePrice ?? price` and
 * `boxofficeFee ?? fee` of the event's ticket type. A line whose ticket type the sale already had keeps its
 * recorded prices, so editing a sale never re-prices history. Unknown or repeated ticket types are a 400.
 */
export function priceLines(event: EventDoc, input: LineInput[], previous: ExternalSaleLine[] = []): ExternalSaleLine[] {
  const seen = new Set<string>();
  return input.map((line, index) => {
    const type = requireTicketType(event, line.ticketTypeId, `/tickets/${index}/ticketTypeId`);
    if (seen.has(type.id)) {
      throw badRequest('A ticket type appears twice', [
        { path: `/tickets/${index}/ticketTypeId`, message: 'repeats another line' },
      ]);
    }
    seen.add(type.id);
    const before = previous.find((p) => p.ticketTypeId === type.id);
    return {
      ticketTypeId: type.id,
      ticketTypeName: type.name,
      quantity: line.quantity,
      unitPrice: before?.unitPrice ?? type.boxofficePrice ?? type.price,
      unitFee: before?.unitFee ?? type.boxofficeFee ?? type.fee,
    };
  });
}

/** totalAmount = Σ quantity × unitPrice and totalFees = Σ quantity × unitFee, in integer cents (docs/api.md, "Money"). */
export function saleTotals(lines: ExternalSaleLine[]) {
  const totals = lineTotals(lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, fee: l.unitFee })));
  return { totalQuantity: totals.quantity, totalAmount: totals.amount, totalFees: totals.fees };
}
