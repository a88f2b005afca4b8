import { email, idString, object, pageQuery, shortText } from '../../vocabulary/schema-parts';
import { pageOf, text, timestamp } from '../../vocabulary/response-parts';
import type { Schema } from '../../vocabulary/validation';
import { INVITATION_LINK_STATUSES, PARTICIPANT_ROLES, PARTICIPANT_STATUSES } from '../model';

/** Request and response schemas of the Shared Event invitation routes (docs/shared-events.md; the shapes are ours, docs/shared-events.md). */

/** POST …/invitation-links: an optional address for best-effort delivery (never stored). */
export const createInvitationLinkBody = object({ email });
export interface CreateInvitationLinkBody {
  email?: string;
}

export const listInvitationLinksQuery = object({ ...pageQuery });
export interface ListInvitationLinksQuery {
  limit: number;
  continuationToken?: string;
}

/** A token is any bounded string here: a malformed one gets the same generic 404 as an unknown one (rule 6). */
const tokenString: Schema = shortText(512, 1);

export const previewQuery = object({ token: tokenString }, ['token']);
export interface PreviewQuery {
  token: string;
}

/** The accepting organization comes from `?organizationId` like every route's; the body's, when sent, must agree. */
export const acceptByTokenBody = object({ token: tokenString, organizationId: idString }, ['token']);
export interface AcceptByTokenBody {
  token: string;
  organizationId?: string;
}

export const acceptPendingBody = object(
  { invitationId: shortText(256, 1), sharedEventId: idString, organizationId: idString },
  ['invitationId', 'sharedEventId', 'organizationId'],
);
export interface AcceptPendingBody {
  invitationId: string;
  sharedEventId: string;
  organizationId: string;
}

const linkStatus: Schema = { type: 'string', enum: [...INVITATION_LINK_STATUSES] };

export const createdInvitationLinkResponse = object(
  {
    id: text,
    sharedEventId: text,
    token: text,
    url: text,
    status: linkStatus,
    expiresAt: timestamp,
    createdAt: timestamp,
  },
  ['id', 'sharedEventId', 'token', 'url', 'status', 'expiresAt', 'createdAt'],
);

export const invitationLinkResponse = object(
  {
    id: text,
    sharedEventId: text,
    status: linkStatus,
    createdBy: text,
    createdByOrganizationId: text,
    createdAt: timestamp,
    expiresAt: timestamp,
    usedBy: text,
    usedByOrganizationId: text,
    usedAt: timestamp,
    revokedAt: timestamp,
    revokedBy: text,
  },
  ['id', 'sharedEventId', 'status', 'createdBy', 'createdByOrganizationId', 'createdAt', 'expiresAt'],
);
export const invitationLinkListResponse = pageOf(invitationLinkResponse);

export const previewResponse = object(
  { sharedEventId: text, name: text, date: text, organizerOrganizationName: text, expiresAt: timestamp },
  ['sharedEventId', 'name', 'expiresAt'],
);

/** Both acceptance routes answer with the accepting organization's roster entry. */
export const acceptResponse = object(
  {
    sharedEventId: text,
    name: text,
    organizationId: text,
    status: { type: 'string', enum: [...PARTICIPANT_STATUSES] },
    role: { type: 'string', enum: [...PARTICIPANT_ROLES] },
    eventId: text,
  },
  ['sharedEventId', 'name', 'organizationId', 'status', 'role'],
);

export const pendingInvitationResponse = object(
  {
    invitationId: text,
    sharedEventId: text,
    sharedEventName: text,
    organizerOrganizationName: text,
    organizationId: text,
    expiresAt: timestamp,
  },
  ['invitationId', 'sharedEventId', 'sharedEventName', 'organizationId', 'expiresAt'],
);
export const pendingInvitationListResponse = object(
  { items: { type: 'array', maxItems: 50, items: pendingInvitationResponse } },
  ['items'],
);
