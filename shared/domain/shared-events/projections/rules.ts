import type { EventDoc, Showtime, TicketType } from '../../events/model';
import type { SharedEventDoc, SharedEventParticipantDoc, SharedEventProjectionLink } from '../model';
import { isLive } from '../rules';

/**
 * Pure rules of the projections: each live participant's local Event carrying the Shared Event's details, which
 * version it carries, and what the sync must still write (docs/shared-events.md).
 */

// --- Projections -------------------------------------------------------------------------------------------

/** The local Event of an organization for a Shared Event: one per Shared Event, so its id is derived. */
export const projectionEventId = (sharedEventId: string) => `se-${sharedEventId}`;

export const versionOf = (head: Pick<SharedEventDoc, 'detailsVersion'>) => head.detailsVersion ?? 1;

export function projectionLinkOf(
  head: SharedEventDoc,
  participant: Pick<SharedEventParticipantDoc, 'role' | 'status'>,
): SharedEventProjectionLink {
  return {
    sharedEventId: head.sharedEventId,
    role: participant.role,
    capacityPolicy: head.capacityPolicy,
    participantStatus: participant.status,
    detailsVersion: versionOf(head),
  };
}

/**
 * The organization's local Event carrying the Shared Event's details: the same showtime ids and ticket type ids
 * as the Shared Event; local fields (active, lock, manual external counts, creation) are kept from `existing`.
 */
export function projectionOf(
  head: SharedEventDoc,
  participant: Pick<SharedEventParticipantDoc, 'organizationId' | 'role' | 'status'>,
  existing: EventDoc | undefined,
  now: string,
): EventDoc {
  const organizationId = participant.organizationId;
  const id = existing?.id ?? projectionEventId(head.sharedEventId);
  const externalSold = new Map((existing?.showtimes ?? []).map((s) => [s.showtimeId, s]));
  const showtimes: Showtime[] = (head.showtimes ?? []).map((s) => {
    const local = externalSold.get(s.showtimeId);
    return {
      showtimeId: s.showtimeId,
      dateTime: s.dateTime,
      ...(s.label !== undefined ? { label: s.label } : {}),
      externalSold: local?.externalSold ?? 0,
      ...(local?.externalNote !== undefined ? { externalNote: local.externalNote } : {}),
    };
  });
  const ticketTypes: TicketType[] = (head.ticketTypeTemplates ?? []).map((t) => ({
    ...t,
    eventId: id,
    organizationId,
  }));
  const { description: _d, location: _l, ...base } = existing ?? ({} as Partial<EventDoc>);
  return {
    ...base,
    id,
    docType: 'event',
    organizationId,
    name: head.name,
    date: head.date ?? head.showtimes?.[0]?.dateTime ?? head.createdAt,
    ...(head.location !== undefined ? { location: head.location } : {}),
    ...(head.description !== undefined ? { description: head.description } : {}),
    venueCapacity: head.sharedCapacity?.perShowtime ?? 0,
    active: existing?.active ?? true,
    enableQuotas: existing?.enableQuotas ?? false,
    showtimes,
    ticketTypes,
    sharedEventLink: projectionLinkOf(head, participant) as unknown as Record<string, unknown>,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
}

/** The version a stored projection carries (0 when unknown). */
export const projectionVersion = (event: Pick<EventDoc, 'sharedEventLink'> | undefined) =>
  Number((event?.sharedEventLink as { detailsVersion?: number } | undefined)?.detailsVersion ?? 0);

/**
 * Whether a stored projection must be written to carry `head` for `participant`: never to an older version, and
 * not again when it already carries this version and the same roster status.
 */
export function projectionNeedsWrite(
  head: SharedEventDoc,
  participant: Pick<SharedEventParticipantDoc, 'status'>,
  existing: EventDoc | undefined,
): boolean {
  if (!existing) return isLive(participant.status);
  const carried = projectionVersion(existing);
  if (carried > versionOf(head)) return false;
  const link = existing.sharedEventLink as Partial<SharedEventProjectionLink> | undefined;
  return carried < versionOf(head) || link?.participantStatus !== participant.status;
}

export type SyncStatus = 'pending' | 'synced' | 'failed';

/** What operation-status reports for one roster entry: synced only once it carries the current version. */
export function reportedSyncStatus(head: SharedEventDoc, participant: SharedEventParticipantDoc): SyncStatus {
  const link = participant.projectionLink;
  if (!link) return 'pending';
  if (link.syncStatus === 'failed') return 'failed';
  if (link.syncStatus === 'synced' && (link.detailsVersion ?? 0) >= versionOf(head)) return 'synced';
  return 'pending';
}

/** Roster entries with projection work outstanding: live without a synced current projection, or a status change. */
export function needsProjectionWork(head: SharedEventDoc, participant: SharedEventParticipantDoc): boolean {
  const link = participant.projectionLink;
  if (!link) return isLive(participant.status);
  return link.syncStatus !== 'synced' || (isLive(participant.status) && (link.detailsVersion ?? 0) < versionOf(head));
}
