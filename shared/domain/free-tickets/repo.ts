import { containers } from '../../store/client';
import { readItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';

/** A free ticket (01-core §2 FreeTicket); holds `capacityQuantity` = quantity on the `free` channel. */
export interface FreeTicketDoc {
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

export async function getFreeTicket(organizationId: string, id: string): Promise<Stored<FreeTicketDoc> | undefined> {
  const doc = await readItem<FreeTicketDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'freeTicket' ? doc : undefined;
}

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
