import type { FreeTicketDoc } from './model';

/** The wire shape of a free ticket: absent optional fields stay absent. */
export function toFreeTicketResponse(t: FreeTicketDoc) {
  return {
    id: t.id,
    organizationId: t.organizationId,
    eventId: t.eventId,
    showtimeId: t.showtimeId,
    ticketTypeId: t.ticketTypeId,
    ticketTypeName: t.ticketTypeName,
    quantity: t.quantity,
    recipient: t.recipient,
    ...(t.reason !== undefined ? { reason: t.reason } : {}),
    createdAt: t.createdAt,
    createdBy: t.createdBy,
    updatedAt: t.updatedAt,
    updatedBy: t.updatedBy,
    ...(t.deletedAt ? { deletedAt: t.deletedAt } : {}),
  };
}
