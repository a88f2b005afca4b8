import { orderLineSchema } from '../orders/response-schema';
import { email, idString, object, positiveInt, shortText } from '../vocabulary/schema-parts';
import { bool, text } from '../vocabulary/response-parts';
import type { Schema } from '../vocabulary/validation';
import type { RequestedTickets } from '../orders/creation-rules';
import { nonBlankText } from '../events/schemas';

/** Request and response shapes of the registration routes (docs/decisions/sales.md). */
const ticketLine = object({ ticketTypeId: idString, quantity: positiveInt }, ['ticketTypeId', 'quantity']);
const editable = {
  showtimeId: idString,
  tickets: { type: 'array', minItems: 1, maxItems: 50, items: ticketLine },
  buyerName: nonBlankText(255),
  buyerEmail: email,
  note: shortText(1000),
};

export const createRegistrationBody: Schema = object({ eventId: idString, ...editable }, ['eventId', 'tickets']);
export interface CreateRegistrationBody {
  eventId: string;
  showtimeId?: string;
  tickets: RequestedTickets[];
  buyerName?: string;
  buyerEmail?: string;
  note?: string;
}

/** Every field optional, at least one; `tickets`, when given, is the whole new list. */
export const updateRegistrationBody: Schema = object(editable, [], { minProperties: 1 });
export type UpdateRegistrationBody = Partial<Omit<CreateRegistrationBody, 'eventId'>>;

/** `{}` and `{ invoiced: true }` mark the registration invoiced; `{ invoiced: false }` clears it. */
export const invoiceRegistrationBody: Schema = object({ invoiced: bool });
export interface InvoiceRegistrationBody {
  invoiced?: boolean;
}

const num: Schema = { type: 'number' };

/** `toRegistrationResponse`: optional fields appear only when they have a value. */
export const registrationResponse: Schema = object(
  {
    id: text,
    organizationId: text,
    eventId: text,
    eventName: text,
    showtimeId: text,
    showtimeDateTime: text,
    showtimeLabel: text,
    tickets: { type: 'array', items: orderLineSchema },
    totalQuantity: num,
    totalAmount: num,
    totalFees: num,
    seller: object({ userId: text, name: text }, ['userId', 'name']),
    buyerName: text,
    buyerEmail: text,
    note: text,
    createdAt: text,
    lockedAt: text,
    updatedAt: text,
    updatedBy: text,
    invoicedAt: text,
    invoicedById: text,
    invoicedByName: text,
    deletedAt: text,
    deletedBy: text,
  },
  [
    ...['id', 'organizationId', 'eventId', 'eventName', 'showtimeId', 'tickets', 'totalQuantity', 'totalAmount'],
    ...['totalFees', 'seller', 'createdAt', 'lockedAt', 'updatedAt'],
  ],
);
