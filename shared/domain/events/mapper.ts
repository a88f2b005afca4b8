import type { EventDoc, TicketType } from './model';

const bySortOrder = (a: TicketType, b: TicketType) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);

/** Event response: listed fields only; ticket types sorted by sortOrder (docs/decisions/events.md). */
export function toEventResponse(event: EventDoc) {
  return {
    id: event.id,
    organizationId: event.organizationId,
    name: event.name,
    date: event.date,
    ...(event.location !== undefined ? { location: event.location } : {}),
    ...(event.description !== undefined ? { description: event.description } : {}),
    venueCapacity: event.venueCapacity,
    active: event.active,
    salesLocked: event.salesLocked === true,
    enableQuotas: event.enableQuotas === true,
    ...(event.commitmentStatus !== undefined ? { commitmentStatus: event.commitmentStatus } : {}),
    ...(event.commitmentDeadline !== undefined ? { commitmentDeadline: event.commitmentDeadline } : {}),
    showtimes: event.showtimes.map((s) => ({
      showtimeId: s.showtimeId,
      dateTime: s.dateTime,
      ...(s.label !== undefined ? { label: s.label } : {}),
      externalSold: s.externalSold,
      ...(s.externalNote !== undefined ? { externalNote: s.externalNote } : {}),
    })),
    ticketTypes: [...event.ticketTypes].sort(bySortOrder).map((t) => ({
      id: t.id,
      eventId: t.eventId,
      organizationId: t.organizationId,
      name: t.name,
      price: t.price,
      fee: t.fee,
      ...(t.boxofficePrice !== undefined ? { boxofficePrice: t.boxofficePrice } : {}),
      ...(t.boxofficeFee !== undefined ? { boxofficeFee: t.boxofficeFee } : {}),
      sortOrder: t.sortOrder,
    })),
    salesDelegations: publicSalesDelegations(event.salesDelegations),
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    ...(event.deletedAt ? { deletedAt: event.deletedAt } : {}),
  };
}

/**
 * Delegations as the event response carries them (`Event.salesDelegations[]`): as stored minus the token hash
 * (docs/api.md: token hashes never reach a response). Entries of any age pass through, whatever fields they hold.
 */
export function publicSalesDelegations(delegations: unknown[] | undefined): unknown[] {
  return (delegations ?? []).map((d) => {
    if (!d || typeof d !== 'object') return d;
    const { invitationTokenHash: _hash, ...rest } = d as Record<string, unknown>;
    return rest;
  });
}
