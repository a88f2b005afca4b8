import type { TicketHolding } from '../tickets/issue';
import type { FreeTicketDoc } from './model';

/** Free tickets: held by whoever gave them, named at the door by their recipient; none once deleted. */
export const freeTicketHolding = (t: FreeTicketDoc): TicketHolding => ({
  organizationId: t.organizationId,
  eventId: t.eventId,
  showtimeId: t.showtimeId,
  source: { kind: 'freeTicket', id: t.id },
  holderId: t.createdBy,
  holderName: t.recipient,
  wanted: t.deletedAt ? [] : [{ ticketTypeId: t.ticketTypeId, ticketTypeName: t.ticketTypeName, quantity: t.quantity }],
});
