import { idString, nonNegativeInt, object, pageQuery, positiveInt, shortText } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import type { LineInput } from './rules';
import { nonBlankText } from '../events/schemas';

const lines = (quantity: Schema): Schema => ({
  type: 'array',
  minItems: 1,
  maxItems: 50,
  items: object({ ticketTypeId: idString, quantity }, ['ticketTypeId', 'quantity']),
});

/** Create and update (docs/decisions/events.md): `{ tickets: [{ ticketTypeId, quantity }], source, note? }`. */
export const externalSaleBody = object(
  { tickets: lines(positiveInt), source: nonBlankText(100), note: shortText(1000) },
  ['tickets', 'source'],
);

/** Correction (Admin): `{ tickets, reason }`; a corrected line may be 0 (it did not sell after all). */
export const correctionBody = object({ tickets: lines(nonNegativeInt), reason: nonBlankText(1000) }, [
  'tickets',
  'reason',
]);

export const listExternalSalesQuery = object({ ...pageQuery });

export interface ExternalSaleBody {
  tickets: LineInput[];
  source: string;
  note?: string;
}
export interface CorrectionBody {
  tickets: LineInput[];
  reason: string;
}
export interface PageQuery {
  limit: number;
  continuationToken?: string;
}

const str: Schema = { type: 'string' };
const num: Schema = { type: 'number' };
const lineResponse: Schema = {
  type: 'array',
  items: object({ ticketTypeId: str, ticketTypeName: str, quantity: num, unitPrice: num, unitFee: num }, [
    'ticketTypeId',
    'ticketTypeName',
    'quantity',
    'unitPrice',
    'unitFee',
  ]),
};
/** `toExternalSaleResponse`: `note` and `lastCorrectedAt` once set, `deletedAt` only on the answer to a delete. */
export const externalSaleResponse: Schema = object(
  {
    id: str,
    organizationId: str,
    eventId: str,
    showtimeId: str,
    tickets: lineResponse,
    totalQuantity: num,
    totalAmount: num,
    totalFees: num,
    source: str,
    note: str,
    correctionCount: num,
    lastCorrectedAt: str,
    createdAt: str,
    createdBy: str,
    updatedAt: str,
    updatedBy: str,
    deletedAt: str,
  },
  [
    ...['id', 'organizationId', 'eventId', 'showtimeId', 'tickets', 'totalQuantity', 'totalAmount', 'totalFees'],
    ...['source', 'correctionCount', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'],
  ],
);
export const externalSalePage: Schema = object(
  { items: { type: 'array', items: externalSaleResponse }, continuationToken: str },
  ['items'],
);
export const correctionResponse: Schema = object(
  {
    id: str,
    externalSaleId: str,
    eventId: str,
    showtimeId: str,
    originalTickets: lineResponse,
    originalTotalQuantity: num,
    originalTotalAmount: num,
    correctedTickets: lineResponse,
    correctedTotalQuantity: num,
    correctedTotalAmount: num,
    reason: str,
    actorId: str,
    actorName: str,
    createdAt: str,
  },
  [
    ...['id', 'externalSaleId', 'eventId', 'showtimeId', 'originalTickets', 'originalTotalQuantity'],
    ...['originalTotalAmount', 'correctedTickets', 'correctedTotalQuantity', 'correctedTotalAmount', 'reason'],
    ...['actorId', 'actorName', 'createdAt'],
  ],
);
export const correctionResult: Schema = object({ sale: externalSaleResponse, correction: correctionResponse }, [
  'sale',
  'correction',
]);
export const correctionList: Schema = object({ items: { type: 'array', items: correctionResponse } }, ['items']);
