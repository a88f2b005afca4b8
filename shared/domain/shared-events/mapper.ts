import type {
  ParticipantRole,
  ParticipantStatus,
  SharedEventCapability,
  SharedEventDoc,
  SharedEventParticipantDoc,
} from './model';
import type { People } from './people';

/**
 * Documents → responses, by listing the fields to return: never `_etag`, `docType`, audit metadata or a
 * channel's `connectionRef` (the channel routes of the next issue decide who sees a protected reference).
 */

export interface Viewer {
  organizationId?: string;
  participantStatus?: ParticipantStatus;
  role?: ParticipantRole;
  capabilities: SharedEventCapability[];
}

type RetiredDoc = SharedEventDoc & { retiredAt?: string };

const opt = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined || value === null ? {} : { [key]: value }) as Partial<Record<K, V>>;

function details(doc: SharedEventDoc) {
  return {
    id: doc.sharedEventId,
    sharedEventId: doc.sharedEventId,
    name: doc.name,
    ...opt('description', doc.description),
    ...opt('location', doc.location),
    ...opt('date', doc.date),
    showtimes: (doc.showtimes ?? []).map((s) => ({
      showtimeId: s.showtimeId,
      dateTime: s.dateTime,
      ...opt('label', s.label),
    })),
    ticketTypeTemplates: (doc.ticketTypeTemplates ?? []).map((t) => ({
      id: t.id,
      name: t.name,
      price: t.price,
      fee: t.fee,
      ...opt('boxofficePrice', t.boxofficePrice),
      ...opt('boxofficeFee', t.boxofficeFee),
      sortOrder: t.sortOrder,
    })),
    capacityPolicy: doc.capacityPolicy,
    ...opt('organizerOrgId', doc.organizerOrgId),
    status: doc.status,
    schemaVersion: 1 as const,
  };
}

/** The full view: live participants and Super Admins; every user id passes through `people` (./people.ts). */
export function toSharedEventResponse(
  doc: SharedEventDoc,
  people: People,
  options: { roster?: SharedEventParticipantDoc[]; viewer?: Viewer } = {},
) {
  return {
    ...details(doc),
    ...opt('sharedCapacity', doc.sharedCapacity ? { perShowtime: doc.sharedCapacity.perShowtime } : undefined),
    owners: doc.owners.map((o) => ({
      userId: people(o.userId, o.organizationId),
      organizationId: o.organizationId,
      addedAt: o.addedAt,
    })),
    grants: doc.grants.map((g) => ({
      userId: people(g.userId, g.organizationId),
      organizationId: g.organizationId,
      capabilities: [...g.capabilities],
      ...opt('roleTemplate', g.roleTemplate),
      issuedAt: g.issuedAt,
      issuedBy: people(g.issuedBy),
    })),
    externalChannels: (doc.externalChannels ?? []).map((c) => ({
      source: c.source,
      mode: c.mode,
      responsibleOrgId: c.responsibleOrgId,
      status: c.status,
      assignedBy: people(c.assignedBy),
      effectiveFrom: c.effectiveFrom,
    })),
    ...opt('participants', options.roster?.map(toParticipantResponse)),
    detailsVersion: doc.detailsVersion ?? 1,
    createdAt: doc.createdAt,
    ...opt('createdBy', doc.createdBy === undefined ? undefined : people(doc.createdBy)),
    ...opt('updatedAt', doc.updatedAt),
    ...opt('retiredAt', (doc as RetiredDoc).retiredAt),
    ...opt('viewer', options.viewer ? toViewer(options.viewer) : undefined),
  };
}

/** The bounded view of an invited organization (docs/shared-events.md): the details it is asked to join, nothing of the roster. */
export function toInvitedView(doc: SharedEventDoc, viewer: Viewer) {
  return { ...details(doc), viewer: toViewer(viewer) };
}

function toViewer(viewer: Viewer) {
  return {
    ...opt('organizationId', viewer.organizationId),
    ...opt('participantStatus', viewer.participantStatus),
    ...opt('role', viewer.role),
    capabilities: [...viewer.capabilities],
  };
}

export function toParticipantResponse(p: SharedEventParticipantDoc) {
  return {
    sharedEventId: p.sharedEventId,
    organizationId: p.organizationId,
    ...opt('organizationName', p.organizationName),
    status: p.status,
    role: p.role,
    ...opt('projectionEventId', p.projectionLink?.eventId),
    ...opt('invitedAt', p.invitedAt),
    ...opt('respondedAt', p.respondedAt),
    ...opt('updatedAt', p.updatedAt),
  };
}

export function toListItem(doc: SharedEventDoc, participant?: SharedEventParticipantDoc) {
  return {
    id: doc.sharedEventId,
    sharedEventId: doc.sharedEventId,
    name: doc.name,
    ...opt('date', doc.date),
    ...opt('location', doc.location),
    status: doc.status,
    capacityPolicy: doc.capacityPolicy,
    ...opt('organizerOrgId', doc.organizerOrgId),
    ...opt('participantStatus', participant?.status),
    ...opt('role', participant?.role),
    createdAt: doc.createdAt,
  };
}
