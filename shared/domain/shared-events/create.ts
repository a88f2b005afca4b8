import { createHash, randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { badRequest, notFound } from '../../errors';
import { isConflict } from '../../store/outcomes';
import type { OrganizationDoc } from '../organizations/model';
import { getOrganization } from '../organizations/repo';
import { auditEntry } from './audit/entry';
import { actorOf } from './capabilities';
import { assertModeAllows, gateMutation } from './mutation-gate';
import { toSharedEventResponse } from './mapper';
import {
  participantDocId,
  SHARED_EVENT_CAPABILITIES,
  type SharedEventDoc,
  type SharedEventParticipantDoc,
} from './model';
import { syncProjection } from './projections/sync';
import { appendAudit, createSharedEventWithRoster, getSharedEvent, rosterOf } from './repo';
import { projectionEventId } from './projections/rules';
import { template } from './rules';
import type { CreateSharedEventBody } from './schemas';
import { peopleFor } from './people';

/**
 * POST /api/shared-events (docs/shared-events.md, rule 4). The scope has read the acting (organizer) organization fresh and
 * refused a selling partner; then, in rule 4's order: the mode check naming `sharedEvents.create`, the switch
 * and the allowlist, the organizer's mutation bucket; then each initial invitee's mode (403 naming
 * `sharedEvents.join`) before anything is written. The head and the whole initial roster are one transactional
 * batch; the organizer's projection follows (queued work if it fails).
 *
 * The id: from `requestId` (the body's own retry token), else from the Idempotency-Key (`keyedId`, shared/http/
 * pipeline.ts), else new. With a key and no `requestId` the key record rides in the head's batch in that partition:
 * a copy that loses fails on the winner's head and answers from the record (docs/decisions/api-contract.md). With
 * both, `requestId` decides the id and keeps its own answer (the existing Shared Event); the key's record is kept
 * after the handler.
 */
export async function createSharedEvent(
  principal: Principal,
  organizer: OrganizationDoc,
  body: CreateSharedEventBody,
  keyedId?: string,
) {
  await gateMutation(organizer, 'sharedEvents.create');
  const invitees = await readInvitees(organizer.id, body.invitedOrganizationIds ?? []);
  for (const invitee of invitees) assertModeAllows(invitee, 'sharedEvents.join');

  const sharedEventId = body.requestId ? idOfRequest(organizer.id, body.requestId) : (keyedId ?? randomUUID());
  const now = new Date().toISOString();
  const head: SharedEventDoc = {
    id: sharedEventId,
    docType: 'sharedEvent',
    sharedEventId,
    name: body.name,
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.location !== undefined ? { location: body.location } : {}),
    date: body.date ?? earliestDateTime(body.showtimes),
    showtimes: body.showtimes.map((s) => ({
      showtimeId: randomUUID(),
      dateTime: s.dateTime,
      ...(s.label ? { label: s.label } : {}),
    })),
    ticketTypeTemplates: body.ticketTypeTemplates.map((t, i) => template(t, i, randomUUID())),
    capacityPolicy: body.capacityPolicy,
    ...(body.sharedCapacity ? { sharedCapacity: { perShowtime: body.sharedCapacity.perShowtime } } : {}),
    organizerOrgId: organizer.id,
    status: 'draft',
    owners: [{ userId: principal.userId, organizationId: organizer.id, addedAt: now }],
    grants: [],
    externalChannels: [],
    detailsVersion: 1,
    schemaVersion: 1,
    createdAt: now,
    createdBy: principal.userId,
    updatedAt: now,
  };
  const entry = (org: OrganizationDoc, organizerEntry: boolean): SharedEventParticipantDoc => ({
    id: participantDocId(org.id),
    docType: 'sharedEventParticipant',
    sharedEventId,
    organizationId: org.id,
    organizationName: org.name,
    status: organizerEntry ? 'active' : 'invited',
    role: organizerEntry ? 'organizer' : 'participant',
    ...(organizerEntry
      ? {
          projectionLink: { eventId: projectionEventId(sharedEventId), syncStatus: 'pending' as const },
          respondedAt: now,
        }
      : { invitedAt: now }),
    updatedAt: now,
    schemaVersion: 1,
  });
  const roster = [entry(organizer, true), ...invitees.map((o) => entry(o, false))];
  try {
    await createSharedEventWithRoster(head, roster, { carriesKey: !body.requestId });
  } catch (error) {
    // A retried request (same requestId) finds its Shared Event already there: the same answer, nothing doubled.
    if (body.requestId && isConflict(error)) return existingAnswer(sharedEventId, principal, organizer.id);
    throw error;
  }

  const actor = actorOf(principal, organizer.id);
  await Promise.all([
    appendAudit(
      auditEntry({
        sharedEventId,
        action: 'sharedEvent.created',
        actorUserId: actor.userId,
        actorOrganizationId: organizer.id,
        operation: sharedEventId,
        at: now,
      }),
    ),
    ...invitees.map((o) =>
      appendAudit(
        auditEntry({
          sharedEventId,
          action: 'participant.invited',
          actorUserId: actor.userId,
          actorOrganizationId: organizer.id,
          targetOrganizationId: o.id,
          operation: sharedEventId,
          at: now,
        }),
      ),
    ),
  ]);
  const organizerEntry = await syncProjection(head, { ...roster[0], _etag: '' });
  // (a fresh entry: the unguarded replace of its outcome cannot lose a change)
  return toSharedEventResponse(head, peopleFor(principal, sharedEventId, organizer.id, head.owners), {
    roster: [organizerEntry, ...roster.slice(1)],
    viewer: { organizationId: organizer.id, participantStatus: 'active', role: 'organizer', capabilities: ownerCaps() },
  });
}

async function readInvitees(organizerId: string, ids: string[]): Promise<OrganizationDoc[]> {
  if (ids.includes(organizerId)) {
    throw badRequest('The organizer cannot invite itself', [
      { path: '/invitedOrganizationIds', message: 'contains the organizer' },
    ]);
  }
  const orgs = await Promise.all(ids.map((id) => getOrganization(id)));
  const missing = ids.findIndex((_, i) => !orgs[i] || orgs[i]?.deletedAt);
  if (missing >= 0) {
    throw badRequest('An invited organization does not exist', [
      { path: `/invitedOrganizationIds/${missing}`, message: 'is not an organization' },
    ]);
  }
  return orgs as OrganizationDoc[];
}

/** A UUID derived from the organizer and its request id: the same request names the same Shared Event. */
export function idOfRequest(organizationId: string, requestId: string): string {
  const h = createHash('sha256').update(`shared-event|${organizationId}|${requestId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function existingAnswer(sharedEventId: string, principal: Principal, organizationId: string) {
  const [head, roster] = await Promise.all([getSharedEvent(sharedEventId), rosterOf(sharedEventId)]);
  if (!head || head.organizerOrgId !== organizationId) throw notFound('Shared Event');
  return toSharedEventResponse(
    head,
    peopleFor(principal, sharedEventId, organizationId, [...head.owners, ...head.grants]),
    {
      roster,
      viewer: { organizationId, participantStatus: 'active', role: 'organizer', capabilities: ownerCaps() },
    },
  );
}

const ownerCaps = () => [...SHARED_EVENT_CAPABILITIES];

/** The event's date when the body gives none: its earliest showtime (ISO instants compare in time order as Dates). */
export const earliestDateTime = (showtimes: readonly { dateTime: string }[]) =>
  showtimes.reduce((a, b) => (Date.parse(b.dateTime) < Date.parse(a.dateTime) ? b : a)).dateTime;
