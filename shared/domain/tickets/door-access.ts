import { forbidden, notFound } from '../../errors';
import { roleAtLeast } from '../memberships/roles';
import type { Principal } from '../users/principal';
import { getDoorGrant, getSerialCounter } from './repo';

/**
 * Who may work a door (docs/decisions/tickets.md, "Door grants"): Ticket Manager+ of the organization, or a
 * member an Admin gave a door grant for the event. Checked before any ticket is read: for a scan, the event is
 * found from the showtime's serial counter. Store calls: the counter of each scanned showtime; for a member, the grant.
 */
export const isTicketManager = (principal: Principal) =>
  principal.isSuperAdmin || roleAtLeast(principal.role, 'ticketManager');

const noGrant = () =>
  forbidden('Only a ticket manager or a member with a door grant for this event may check tickets in');

export async function assertDoorForEvent(principal: Principal, organizationId: string, eventId: string) {
  if (isTicketManager(principal)) return;
  if (!(await getDoorGrant(organizationId, eventId, principal.userId))) throw noGrant();
}

/**
 * The door's showtimes must have tickets issued in this organization (their serial counter): a showtime of another
 * organization, or one with nothing issued, is 404 for Ticket Manager+ (it names nothing) and 403 for a member.
 */
export async function assertDoorForShowtimes(principal: Principal, organizationId: string, showtimeIds: string[]) {
  const manager = isTicketManager(principal);
  const events = new Set<string>();
  for (const showtimeId of new Set(showtimeIds)) {
    const counter = await getSerialCounter(organizationId, showtimeId);
    if (!counter) throw manager ? notFound('Showtime with issued tickets') : noGrant();
    events.add(counter.eventId);
  }
  if (manager) return;
  for (const eventId of events) await assertDoorForEvent(principal, organizationId, eventId);
}
