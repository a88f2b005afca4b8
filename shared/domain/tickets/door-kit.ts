import { badRequest, notFound } from '../../errors';
import { requireLiveEvent } from '../events/live-event';
import { findShowtime } from '../events/model';
import { getMembership } from '../memberships/repo';
import { getUser } from '../users/repo';
import type { Principal } from '../users/principal';
import { actorOf } from '../users/actor';
import { assertDoorForEvent } from './door-access';
import { publicKeysForDoor } from './keys';
import { doorGrantId, type DoorGrantDoc } from './model';
import {
  booksOfShowtimes,
  createDoorGrant,
  deleteDoorGrant,
  doorGrantsOfEvent,
  doorGrantsOfUser,
  getDoorGrant,
} from './repo';
import { serialOf } from './rules';
import { isConflict, isNotFound } from '../../store/outcomes';

/**
 * What a scanner needs to work offline (docs/decisions/tickets.md, "Offline"): the public keys by key id, the
 * organization and event a code must be signed for, the type names, and every serial of the showtime with its
 * status. About 16 bytes a ticket: 4,000 tickets are some 64 kB. Store calls: grant (members only), event, books.
 */
export async function doorKit(principal: Principal, organizationId: string, eventId: string, showtimeId: string) {
  await assertDoorForEvent(principal, organizationId, eventId);
  const event = await requireLiveEvent(organizationId, eventId);
  if (!findShowtime(event, showtimeId)) {
    throw badRequest('The showtime is not one of this event', [{ path: '/showtimeId', message: 'unknown showtime' }]);
  }
  const books = (await booksOfShowtimes(organizationId, [showtimeId])).filter((b) => b.eventId === eventId);
  const tickets: Record<string, string> = {};
  let expected = 0;
  let admitted = 0;
  for (const t of books.flatMap((b) => b.tickets).sort((a, b) => a.number - b.number)) {
    tickets[serialOf(t)] = t.status;
    if (t.status === 'issued' || t.status === 'admitted') expected += 1;
    if (t.status === 'admitted') admitted += 1;
  }
  return {
    organizationId,
    eventId,
    showtimeId,
    publicKeys: publicKeysForDoor(),
    ticketTypes: Object.fromEntries(event.ticketTypes.map((t) => [t.id, t.name])),
    tickets,
    expected,
    admitted,
    generatedAt: new Date().toISOString(),
  };
}

const grantResponse = (g: DoorGrantDoc) => ({
  eventId: g.eventId,
  userId: g.userId,
  userName: g.userName,
  grantedBy: g.grantedBy,
  grantedByName: g.grantedByName,
  grantedAt: g.grantedAt,
});

/**
 * PUT .../door-grants/{userId} (Admin): the member may check tickets in at this event's door. Idempotent: a grant
 * already given is answered as it stands. The member must be an approved member (400 otherwise). Store calls:
 * event, membership, user, create.
 */
export async function giveDoorGrant(principal: Principal, organizationId: string, eventId: string, userId: string) {
  await requireLiveEvent(organizationId, eventId);
  const membership = await getMembership(organizationId, userId);
  const user = membership?.approved ? await getUser(userId) : undefined;
  if (!membership?.approved || !user) {
    throw badRequest('The user is not an approved member of this organization', [
      { path: '/userId', message: 'is not an approved member' },
    ]);
  }
  const actor = actorOf(principal);
  const grant: DoorGrantDoc = {
    id: doorGrantId(eventId, userId),
    docType: 'doorGrant',
    organizationId,
    eventId,
    userId,
    userName: user.name,
    grantedBy: actor.id,
    grantedByName: actor.name,
    grantedAt: actor.at,
  };
  try {
    return grantResponse(await createDoorGrant(grant));
  } catch (error) {
    if (!isConflict(error)) throw error;
    return grantResponse((await getDoorGrant(organizationId, eventId, userId))!);
  }
}

/** DELETE .../door-grants/{userId} (Admin): 404 when the member holds no grant for the event. */
export async function takeDoorGrant(organizationId: string, eventId: string, userId: string) {
  try {
    await deleteDoorGrant(organizationId, eventId, userId);
  } catch (error) {
    if (isNotFound(error)) throw notFound('Door grant');
    throw error;
  }
  return { eventId, userId, deleted: true };
}

export async function listDoorGrants(organizationId: string, eventId: string) {
  await requireLiveEvent(organizationId, eventId);
  return { items: (await doorGrantsOfEvent(organizationId, eventId)).map(grantResponse) };
}

/**
 * GET /api/me/door-grants (any member): the caller's own door grants in the organization, so the client knows which
 * events' doors it may open without being Ticket Manager+. Store calls: one query in the organization's partition.
 */
export async function myDoorGrants(principal: Principal, organizationId: string) {
  return { items: (await doorGrantsOfUser(organizationId, principal.userId)).map(grantResponse) };
}
