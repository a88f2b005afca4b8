import { email, emptyBody, idString, object, shortText } from '../vocabulary/schema-parts';
import { integer, text } from '../vocabulary/response-parts';
import type { Schema } from '../vocabulary/validation';
import {
  delegationResponse,
  delegationStatus,
  reverseIndexSyncStatus,
} from '../events/sales-delegations/response-schema';

// --- Bodies ----------------------------------------------------------------------------------------------

/**
 * Invite (docs/decisions/delegations.md "Delegated sales: owner side"): exactly one of the two fields; both or neither is a 400 (checked
 * by `invitationTarget`, so the answer names both paths). `partnerOrganizationId` is for a Super Admin only.
 */
export const inviteBody: Schema = {
  ...object({ partnerAdminEmail: email, partnerOrganizationId: idString }),
  description: 'Exactly one of partnerAdminEmail (any Owner Admin+) and partnerOrganizationId (Super Admin only).',
};
export interface InviteBody {
  partnerAdminEmail?: string;
  partnerOrganizationId?: string;
}

/** Revoke: a reason is required and must hold more than blanks (stored trimmed). */
export const revokeBody: Schema = object({ revokedReason: { ...shortText(1000, 1), pattern: '\\S' } }, [
  'revokedReason',
]);
export interface RevokeBody {
  revokedReason: string;
}

/** Accept: the composite token `{ownerOrganizationId}.{eventId}.{delegationId}.{rawToken}` from the link. */
export const acceptBody: Schema = object({ token: shortText(600, 1) }, ['token']);
export interface AcceptBody {
  token: string;
}

export const declineBody: Schema = emptyBody;

// --- Responses -------------------------------------------------------------------------------------------

/** What writing the partner's index entry came to in this request (`pending` when the outcome was not recorded). */
export const reverseIndexSyncResponse: Schema = object(
  { status: reverseIndexSyncStatus, operationId: text, transitionVersion: integer },
  ['status'],
);

/** Invite: `invitationLink` holds a fresh one-time token while the delegation is invited; absent once active. */
export const inviteResponse: Schema = object(
  {
    delegation: delegationResponse,
    invitationLink: { type: 'string', format: 'uri' },
    reverseIndexSync: reverseIndexSyncResponse,
  },
  ['delegation', 'reverseIndexSync'],
);

export const revokeResponse: Schema = object(
  { delegation: delegationResponse, reverseIndexSync: reverseIndexSyncResponse },
  ['delegation', 'reverseIndexSync'],
);

export const delegationListResponse: Schema = object({ items: { type: 'array', items: delegationResponse } }, [
  'items',
]);

/** `toDelegatedEventResponse`: the partner's view of a delegated event. */
export const delegatedEventResponse: Schema = object(
  {
    delegationId: text,
    eventId: text,
    ownerOrganizationId: text,
    ownerOrganizationName: text,
    status: delegationStatus,
    eventName: text,
    eventDate: text,
  },
  ['delegationId', 'eventId', 'ownerOrganizationId', 'ownerOrganizationName', 'status'],
);

export const delegatedEventListResponse: Schema = object({ items: { type: 'array', items: delegatedEventResponse } }, [
  'items',
]);

/** Accept and decline: the partner's view of the delegated event after the move. */
export const respondResponse: Schema = object(
  { delegatedEvent: delegatedEventResponse, reverseIndexSync: reverseIndexSyncResponse },
  ['delegatedEvent', 'reverseIndexSync'],
);
