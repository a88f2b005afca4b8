import type { TicketHolding } from '../tickets/issue';
import type { RegistrationDoc } from './model';

/** A direct sale's tickets: held by its seller, one per ticket of its lines; none once deleted. */
export const registrationHolding = (r: RegistrationDoc): TicketHolding => ({
  organizationId: r.organizationId,
  eventId: r.eventId,
  showtimeId: r.showtimeId,
  source: { kind: 'registration', id: r.id },
  holderId: r.sellerId,
  holderName: r.sellerName,
  wanted: r.deletedAt
    ? []
    : r.tickets.map((l) => ({ ticketTypeId: l.ticketTypeId, ticketTypeName: l.ticketTypeName, quantity: l.quantity })),
});
