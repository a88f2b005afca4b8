import { badRequest } from '../../http/errors';
import type { TicketTypeInput } from './schemas';

/** Ticket-type names must not repeat within an event (compared trimmed and case-insensitively). */
export function assertUniqueTicketTypeNames(ticketTypes: Pick<TicketTypeInput, 'name'>[]): void {
  const seen = new Set<string>();
  ticketTypes.forEach((t, index) => {
    const key = t.name.trim().toLowerCase();
    if (seen.has(key)) {
      throw badRequest('Ticket type names must not repeat within an event', [
        { path: `/ticketTypes/${index}/name`, message: 'repeats another ticket type name' },
      ]);
    }
    seen.add(key);
  });
}

/** Ids given by the client must not repeat either (showtimes or ticket types). */
export function assertUniqueIds(items: { id?: string }[], path: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    if (seen.has(item.id))
      throw badRequest(`${path} ids must be unique`, [{ path: `/${path}/${index}`, message: 'repeats an id' }]);
    seen.add(item.id);
  });
}
