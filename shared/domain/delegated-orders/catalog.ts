import type { CapacityCounterDoc } from '../events/capacity/model';
import { readCounters } from '../events/capacity/repo';
import type { EventDoc } from '../events/model';
import { delegatedEventRef } from '../delegations/repo';
import type { PartnerGrant } from '../delegations/partner-access';
import { delegatedEventHeader, showtimeHeader, showtimeRemaining, ticketTypesOnOffer } from './rules';

/**
 * GET .../catalog (docs/decisions/delegated-orders.md, "Member catalog"): what any approved member of the partner
 * needs to order for themselves. The scope has already re-read the owner's event and its LIVE delegation; one more
 * store call reads the counters, only to say whether a showtime is sold out. No capacity figure leaves: the seat
 * count is the owner's business, and `remaining` is a Ticket Manager+ hint on the sales context.
 */
export async function delegatedCatalog(grant: PartnerGrant) {
  const counters = await readCounters(grant.ownerOrganizationId, grant.event.id);
  const ref = delegatedEventRef(grant.partnerOrganization, grant.event.id);
  return catalogOf(grant.event, counters, ref?.ownerOrganizationName);
}

export function catalogOf(
  event: EventDoc,
  counters: Pick<CapacityCounterDoc, 'showtimeId' | 'sold'>[],
  ownerOrganizationName: string | undefined,
) {
  const byShowtime = new Map(counters.map((c) => [c.showtimeId, c]));
  return {
    ...delegatedEventHeader(event, ownerOrganizationName),
    ticketTypes: ticketTypesOnOffer(event),
    showtimes: event.showtimes.map((s) => ({
      ...showtimeHeader(s),
      soldOut: showtimeRemaining(event.venueCapacity, s, byShowtime.get(s.showtimeId)) <= 0,
    })),
  };
}
