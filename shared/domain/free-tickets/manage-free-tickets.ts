import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { toFreeTicketResponse } from './mapper';
import type { FreeTicketDoc } from './model';
import { createFreeTicketDoc, getFreeTicket, pageFreeTickets, replaceFreeTicket } from './repo';
import { writeWithCapacity } from '../events/capacity/ledger-write';
import { projectionStamp } from '../events/capacity/model';
import { requireLiveEvent } from '../events/live-event';
import { requireShowtime, requireTicketType } from '../events/rules';
import type { CreateFreeTicketBody, ListFreeTicketsQuery, UpdateFreeTicketBody } from './schemas';

const holding = (t: Pick<FreeTicketDoc, 'showtimeId' | 'capacityQuantity'>) => ({
  showtimeId: t.showtimeId,
  quantity: t.capacityQuantity,
});

export async function listFreeTickets(organizationId: string, eventId: string, query: ListFreeTicketsQuery) {
  await requireLiveEvent(organizationId, eventId);
  const page = await pageFreeTickets(organizationId, eventId, query.showtimeId || undefined, query);
  return { items: page.items.map(toFreeTicketResponse), continuationToken: page.continuationToken };
}

/** Capacity-checked like registrations (docs/decisions/events.md): 409 CAPACITY_EXCEEDED when it does not fit. */
export async function createFreeTicket(
  principal: Principal,
  organizationId: string,
  eventId: string,
  body: CreateFreeTicketBody,
) {
  const event = await requireLiveEvent(organizationId, eventId);
  requireShowtime(event, body.showtimeId);
  const type = requireTicketType(event, body.ticketTypeId);
  const now = new Date().toISOString();
  const doc: FreeTicketDoc = {
    id: randomUUID(),
    docType: 'freeTicket',
    organizationId,
    eventId,
    showtimeId: body.showtimeId,
    // On a Shared Event projection the free ticket is a projection document, stamped like the others.
    ...projectionStamp(event),
    ticketTypeId: type.id,
    ticketTypeName: type.name,
    quantity: body.quantity,
    capacityQuantity: body.quantity,
    recipient: body.recipient.trim(),
    ...(body.reason !== undefined ? { reason: body.reason } : {}),
    createdAt: now,
    createdBy: principal.userId,
    updatedAt: now,
    updatedBy: principal.userId,
  };
  const options = { documentId: doc.id, actor: principal.userId };
  const saved = await writeWithCapacity(
    event,
    'free',
    undefined,
    holding(doc),
    (mark) => createFreeTicketDoc(mark(doc)),
    options,
  );
  return toFreeTicketResponse(saved);
}

async function requireFreeTicket(organizationId: string, eventId: string, id: string) {
  const ticket = await getFreeTicket(organizationId, id);
  if (!ticket || ticket.deletedAt || ticket.eventId !== eventId) throw notFound('Free ticket');
  return ticket;
}

/**
 * docs/decisions/events.md update rule: any of the five fields; a changed showtime or ticket type must belong to the event in
 * the path (400); a larger quantity or another showtime takes the extra seats first (409 when they do not
 * fit); the entry is replaced with its ETag, so concurrent edits cannot lose a capacity move.
 */
export async function updateFreeTicket(
  principal: Principal,
  organizationId: string,
  eventId: string,
  id: string,
  body: UpdateFreeTicketBody,
) {
  const event = await requireLiveEvent(organizationId, eventId);
  if (body.showtimeId !== undefined) requireShowtime(event, body.showtimeId);
  const type = body.ticketTypeId !== undefined ? requireTicketType(event, body.ticketTypeId) : undefined;
  const saved = await withEtagRetry(async () => {
    const ticket = await requireFreeTicket(organizationId, eventId, id);
    const quantity = body.quantity ?? ticket.quantity;
    const next: typeof ticket = {
      ...ticket,
      showtimeId: body.showtimeId ?? ticket.showtimeId,
      ...(type ? { ticketTypeId: type.id, ticketTypeName: type.name } : {}),
      quantity,
      capacityQuantity: quantity,
      recipient: body.recipient !== undefined ? body.recipient.trim() : ticket.recipient,
      ...(body.reason !== undefined ? { reason: body.reason } : {}),
      updatedAt: new Date().toISOString(),
      updatedBy: principal.userId,
    };
    const options = { documentId: id, actor: principal.userId };
    return writeWithCapacity(
      event,
      'free',
      holding(ticket),
      holding(next),
      (mark) => replaceFreeTicket(mark(next), ticket),
      options,
    );
  });
  return toFreeTicketResponse(saved);
}

/** Soft delete (the entry stays for the record), then the seats are released. */
export async function deleteFreeTicket(principal: Principal, organizationId: string, eventId: string, id: string) {
  const event = await requireLiveEvent(organizationId, eventId);
  const saved = await withEtagRetry(async () => {
    const ticket = await requireFreeTicket(organizationId, eventId, id);
    const next = { ...ticket, deletedAt: new Date().toISOString(), deletedBy: principal.userId };
    const options = { documentId: id, actor: principal.userId };
    return writeWithCapacity(event, 'free', holding(ticket), undefined, () => replaceFreeTicket(next, ticket), options);
  });
  return toFreeTicketResponse(saved);
}
