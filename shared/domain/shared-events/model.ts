/**
 * Shared Events (document 02), as far as authorization needs them today: the Shared Event document with its
 * named owners and capability grants, and one roster entry per participant organization. Both live in the
 * `sharedEvents` container, partition key `/sharedEventId`, so a scope check reads only that partition.
 */

export const PARTICIPANT_STATUSES = ['invited', 'accepted', 'active', 'declined', 'left', 'removed'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Roster states that make an organization a participant; the others grant nothing. */
export const LIVE_PARTICIPANT_STATUSES: readonly ParticipantStatus[] = ['accepted', 'active'];

export const PARTICIPANT_ROLES = ['organizer', 'participant'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

export const CAPACITY_POLICIES = ['quota', 'pool'] as const;
export type CapacityPolicy = (typeof CAPACITY_POLICIES)[number];

export const SHARED_EVENT_CAPABILITIES = [
  'manageSharedDetails',
  'managePricing',
  'manageParticipants',
  'manageCapacity',
  'manageOwners',
  'manageExternalSales',
  'viewCombinedReports',
] as const;
export type SharedEventCapability = (typeof SHARED_EVENT_CAPABILITIES)[number];

export interface SharedEventOwner {
  userId: string;
  organizationId: string;
  addedAt: string;
}

export interface SharedEventGrant {
  userId: string;
  organizationId: string;
  capabilities: SharedEventCapability[];
  roleTemplate?: string;
  issuedAt: string;
  issuedBy: string;
}

/** Lifecycle states of a Shared Event (docs/shared-events.md); the moves between them are ours (docs/shared-events.md). */
export const SHARED_EVENT_STATUSES = ['draft', 'open', 'locked', 'cancelling', 'cancelled', 'completed'] as const;
export type SharedEventStatus = (typeof SHARED_EVENT_STATUSES)[number];

export const EXTERNAL_CHANNEL_SOURCES = ['externalA', 'externalB'] as const;
export type ExternalChannelSource = (typeof EXTERNAL_CHANNEL_SOURCES)[number];

export interface ExternalSalesChannel {
  source: ExternalChannelSource;
  mode: 'automation' | 'manual';
  responsibleOrgId: string;
  /** Only a reference to a secret held elsewhere; never a credential. */
  connectionRef?: string;
  status: 'active' | 'disabled';
  assignedBy: string;
  effectiveFrom: string;
}

/** A showtime of the Shared Event; every projection copies it with the same showtimeId. */
export interface SharedShowtime {
  showtimeId: string;
  dateTime: string;
  label?: string;
}

/** A ticket type every projection offers, with the same id, name and pricing. */
export interface TicketTypeTemplate {
  id: string;
  name: string;
  price: number;
  fee: number;
  boxofficePrice?: number;
  boxofficeFee?: number;
  sortOrder: number;
}

/** The Shared Event itself: id = sharedEventId, alone in its partition's head document. */
export interface SharedEventDoc {
  id: string;
  docType: 'sharedEvent';
  sharedEventId: string;
  name: string;
  description?: string;
  location?: string;
  date?: string;
  showtimes?: SharedShowtime[];
  ticketTypeTemplates?: TicketTypeTemplate[];
  capacityPolicy: CapacityPolicy;
  /** Pool: the seats of each showtime shared by every organization. Detailed shape not shown in 02: ours. */
  sharedCapacity?: { perShowtime: number };
  organizerOrgId?: string;
  status: SharedEventStatus | string;
  owners: SharedEventOwner[];
  grants: SharedEventGrant[];
  externalChannels?: ExternalSalesChannel[];
  /** Bumped by every change of details or pricing; projections record the version they carry. */
  detailsVersion?: number;
  schemaVersion: 1;
  createdAt: string;
  createdBy?: string;
  updatedAt?: string;
}

/**
 * Embedded in a participant's local Event (`EventDoc.sharedEventLink`): the way back to the Shared Event. Only
 * `sharedEventId`, `role`, `capacityPolicy` and `participantStatus` are named by 02; `detailsVersion` is ours.
 */
export interface SharedEventProjectionLink {
  sharedEventId: string;
  role: ParticipantRole;
  capacityPolicy: CapacityPolicy;
  participantStatus: ParticipantStatus;
  detailsVersion?: number;
}

/** An append-only audit entry; `metadata` is stored, never returned by the API. */
export interface SharedEventAuditEntryDoc {
  id: string;
  docType: 'sharedEventAuditEntry';
  sharedEventId: string;
  action: string;
  actorUserId: string;
  actorOrganizationId?: string;
  targetOrganizationId?: string;
  targetUserId?: string;
  timestamp: string;
  metadata?: Record<string, unknown>;
  schemaVersion: 1;
}

export const INVITATION_LINK_STATUSES = ['active', 'used', 'revoked'] as const;
export type InvitationLinkStatus = (typeof INVITATION_LINK_STATUSES)[number];

/** docs/shared-events.md SharedEventInvitationLink: only the token's hash is stored; id = `invite:` + 16 hex of the hash. */
export interface SharedEventInvitationLinkDoc {
  id: string;
  docType: 'sharedEventInvitationLink';
  documentType: 'sharedEventInvitationLink';
  sharedEventId: string;
  tokenHash: string;
  status: InvitationLinkStatus;
  createdBy: string;
  createdByOrganizationId: string;
  createdAt: string;
  expiresAt: string;
  usedBy?: string;
  usedByOrganizationId?: string;
  usedAt?: string;
  revokedAt?: string;
  revokedBy?: string;
  emailDeliveryAttempted: boolean;
  ttl: number;
  schemaVersion: 1;
}

/** One roster entry per organization; deterministic id `participant-{organizationId}` (see participantDocId). */
export interface SharedEventParticipantDoc {
  id: string;
  docType: 'sharedEventParticipant';
  sharedEventId: string;
  organizationId: string;
  status: ParticipantStatus;
  role: ParticipantRole;
  /** The organization's local Event, once it has one (at most one per Shared Event). */
  projectionLink?: { eventId: string; detailsVersion?: number; syncStatus?: 'pending' | 'synced' | 'failed' };
  quotaByShowtime?: Record<string, number>;
  organizationName?: string;
  invitedAt?: string;
  respondedAt?: string;
  updatedAt?: string;
  schemaVersion: 1;
}

/**
 * Deterministic roster id: "is this organization on the roster?" is one point read, and the id doubles as the
 * constraint that an organization appears once per Shared Event.
 */
export const participantDocId = (organizationId: string) => `participant-${organizationId}`;
