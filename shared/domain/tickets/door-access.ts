import { forbidden } from '../../errors';
import { roleAtLeast } from '../memberships/roles';
import type { Principal } from '../users/principal';
import { getDoorGrant, getSerialCounter } from './repo';

/**
 * Who may work a door (docs/decisions/tickets.md, "Door grants"): Ticket Manager+ of the organization, or a
 * member an Admin gave a door grant for the event. Checked before any ticket is read: for a scan, the event is
 * found from the showtime's serial counter (a showtime without issued tickets names no event, so only Ticket
 * Manager+ may scan there). Store calls for a Ticket Manager: none; for a member: the counter and the grant.
 */
export const isTicketManager = (principal: Principal) =>
  principal.isSuperAdmin || roleAtLeast(principal.role, 'ticketManager');

const noGrant = () =>
  forbidden('Only a ticket manager or a member with a door grant for this event may check tickets in');

export async function assertDoorForEvent(principal: Principal, organizationId: string, eventId: string) {
  if (isTicketManager(principal)) return;
  if (!(await getDoorGrant(organizationId, eventId, principal.userId))) throw noGrant();
}

export async function assertDoorForShowtimes(principal: Principal, organizationId: string, showtimeIds: string[]) {
  if (isTicketManager(principal)) return;
  const events = new Set<string>();
  for (const showtimeId of new Set(showtimeIds)) {
    const counter = await getSerialCounter(organizationId, showtimeId);
    if (!counter) throw noGrant();
    events.add(counter.eventId);
  }
  for (const eventId of events) await assertDoorForEvent(principal, organizationId, eventId);
}
