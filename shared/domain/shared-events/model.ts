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

/** The Shared Event itself: id = sharedEventId, alone in its partition's head document. */
export interface SharedEventDoc {
  id: string;
  docType: 'sharedEvent';
  sharedEventId: string;
  name: string;
  capacityPolicy: CapacityPolicy;
  organizerOrgId?: string;
  status: string;
  owners: SharedEventOwner[];
  grants: SharedEventGrant[];
  schemaVersion: 1;
  createdAt: string;
}

/** One roster entry per organization; deterministic id `participant-{organizationId}` (see participantDocId). */
export interface SharedEventParticipantDoc {
  id: string;
  docType: 'sharedEventParticipant';
  sharedEventId: string;
  organizationId: string;
  status: ParticipantStatus;
  role: ParticipantRole;
  quotaByShowtime?: Record<string, number>;
  schemaVersion: 1;
}

/**
 * Deterministic roster id: "is this organization on the roster?" is one point read, and the id doubles as the
 * constraint that an organization appears once per Shared Event.
 */
export const participantDocId = (organizationId: string) => `participant-${organizationId}`;
