import { object } from '../../vocabulary/schema-parts';
import { bool, integer, text, timestamp } from '../../vocabulary/response-parts';
import type { Schema } from '../../vocabulary/validation';
import { DELEGATION_STATUSES, ORDER_SUBMISSION_MODES, REVERSE_INDEX_SYNC_STATUSES } from './model';

/**
 * Response shapes of the sales delegations embedded in an event (the event response carries them; the delegation
 * routes answer them): published in OpenAPI and checked by the test harness.
 */

export const delegationStatus: Schema = { type: 'string', enum: [...DELEGATION_STATUSES] };
export const reverseIndexSyncStatus: Schema = { type: 'string', enum: [...REVERSE_INDEX_SYNC_STATUSES] };

export const permissionsResponse: Schema = object(
  {
    canCreateSales: { const: true },
    canReportSoldReturned: { const: true },
    canViewOwnAttributedReports: { const: true },
    canApproveOwnMemberOrders: bool,
  },
  ['canCreateSales', 'canReportSoldReturned', 'canViewOwnAttributedReports'],
);

/** `toDelegationResponse`: the owner's view; optional fields only when set; never the token hash. */
export const delegationResponse: Schema = object(
  {
    id: text,
    partnerOrganizationId: text,
    partnerOrganizationName: text,
    status: delegationStatus,
    invitedBy: text,
    invitedByName: text,
    invitedAt: timestamp,
    invitationExpiresAt: timestamp,
    respondedBy: text,
    respondedByName: text,
    respondedAt: timestamp,
    revokedBy: text,
    revokedByName: text,
    revokedAt: timestamp,
    revokedReason: text,
    permissions: permissionsResponse,
    assignmentVersion: integer,
    orderSubmissionMode: { type: 'string', enum: [...ORDER_SUBMISSION_MODES] },
    reverseIndexSyncStatus: reverseIndexSyncStatus,
    reverseIndexOperationId: text,
    reverseIndexTransitionVersion: integer,
    reverseIndexSyncedAt: timestamp,
    reverseIndexSyncAttempts: integer,
  },
  [
    'id',
    'partnerOrganizationId',
    'partnerOrganizationName',
    'status',
    'invitedBy',
    'invitedAt',
    'permissions',
    'assignmentVersion',
    'reverseIndexSyncStatus',
  ],
);
