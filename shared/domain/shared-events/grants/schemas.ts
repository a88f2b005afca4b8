import { object, pageQuery } from '../../vocabulary/schema-parts';
import type { Schema } from '../../vocabulary/validation';
import { SHARED_EVENT_CAPABILITIES, type SharedEventCapability } from '../model';

const str: Schema = { type: 'string' };
const capability: Schema = { type: 'string', enum: [...SHARED_EVENT_CAPABILITIES] };

/**
 * PUT /api/shared-events/{sharedEventId}/grants/{granteeUserId}: the whole desired grant. `capabilities` is a
 * non-empty set of known names (no repeats); `roleTemplate` is a free label the service stores and returns but
 * never reads for authority.
 */
export const putGrantBody = object(
  {
    capabilities: {
      type: 'array',
      minItems: 1,
      maxItems: SHARED_EVENT_CAPABILITIES.length,
      uniqueItems: true,
      items: capability,
    },
    roleTemplate: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9 ._-]+$' },
  },
  ['capabilities'],
);

export interface PutGrantBody {
  capabilities: SharedEventCapability[];
  roleTemplate?: string;
}

/** docs/shared-events.md SharedEventGrant, as the API shows it (capabilities in the order of docs/shared-events.md). */
export const grantResponse: Schema = object(
  {
    userId: str,
    organizationId: str,
    capabilities: { type: 'array', items: capability },
    roleTemplate: str,
    issuedAt: str,
    issuedBy: str,
  },
  ['userId', 'organizationId', 'capabilities', 'issuedAt', 'issuedBy'],
);

/** DELETE answer: `revoked` says whether a grant was there to revoke (a repeat revoke answers false). */
export const revokeGrantResponse: Schema = object({ revoked: { type: 'boolean' }, userId: str, organizationId: str }, [
  'revoked',
  'userId',
  'organizationId',
]);

/** GET …/participants/{orgId}/users: paged like every list (docs/api.md). */
export const participantUsersQuery = object({ ...pageQuery });
export interface ParticipantUsersQuery {
  limit: number;
  continuationToken?: string;
}

/** `email` only for a super admin or the caller's own organization (see docs/decisions/shared-event-grants.md). */
export const participantUserResponse: Schema = object(
  {
    userId: str,
    name: str,
    email: str,
    role: { type: 'string', enum: ['member', 'ticketManager', 'treasurer', 'admin'] },
  },
  ['userId', 'name', 'role'],
);
export const participantUsersPage: Schema = object(
  { items: { type: 'array', items: participantUserResponse }, continuationToken: str },
  ['items'],
);
