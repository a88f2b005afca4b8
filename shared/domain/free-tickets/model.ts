import type { ProjectionLedgerFields } from '../events/capacity/model';
/** A free ticket (docs/decisions/events.md FreeTicket); holds `capacityQuantity` = quantity on the `free` channel. */
export interface FreeTicketDoc extends ProjectionLedgerFields {
  id: string;
  docType: 'freeTicket';
  organizationId: string;
  eventId: string;
  showtimeId: string;
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  capacityQuantity: number;
  recipient: string;
  reason?: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  deletedAt?: string;
  deletedBy?: string;
}
