import type { GenericErrorCode, SpecErrorCode } from './errors';

/**
 * What each code on the wire means, in a client developer's words: the errors table of docs/api.md is generated
 * from this catalogue and the status table (`npm run openapi`), and a test fails when the guide is stale.
 * A code added to shared/errors.ts without a meaning here fails the type check.
 */
export const ERROR_MEANINGS: Record<GenericErrorCode | SpecErrorCode, string> = {
  VALIDATION_ERROR: 'The body, query or a path id breaks the published schema; `details` lists each problem.',
  UNAUTHORIZED: 'No bearer token, or one that is expired, malformed or revoked (log in again).',
  FORBIDDEN: 'Signed in, but the role, ownership or scope does not allow this action.',
  NOT_FOUND: 'No such record, or one the caller may not see (other organizations’ records look absent).',
  CONFLICT: 'Another request changed the record first; read it again and retry.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than the service accepts.',
  UNSUPPORTED_MEDIA_TYPE: 'A JSON route was sent another `Content-Type`.',
  RATE_LIMITED: 'Too many requests from this address or for this action; wait `Retry-After` seconds.',
  UNAVAILABLE: 'The store or a dependency is not answering; retry shortly (safe with an `Idempotency-Key`).',
  INTERNAL: 'An unexpected error; the message carries the correlation id to report.',
  INVALID_LOGIN: 'The login link or code is wrong, used or expired (too many wrong codes also end it).',
  ORG_MODE_RESTRICTED: 'The route is for full organizations; a selling-partner organization may not use it.',
  ORG_MODE_DOWNGRADE_BLOCKED: 'The organization still has data that only a full organization may hold.',
  ORG_MODE_TRANSITION_RACED: 'The organization’s mode changed while this change was running; retry.',
  ORG_MODE_DEPENDENCY_CHECK_FAILED: 'The mode change could not check the organization’s data; retry later.',
  ARCHIVE_OVERRIDE_FORBIDDEN: 'Only an admin may archive a record that is not yet eligible.',
  INVOICE_REQUIRED: 'The record must be invoiced before this step.',
  INVALID_INVOICE_BASIS: 'The frozen invoice basis no longer matches the record; it must be redone.',
  CAPACITY_EXCEEDED: 'Not enough seats left for the showtime (`data` tells how many remain).',
  ALLOCATION_EXCEEDED: 'The member’s allocation for the event does not cover this quantity.',
  COMMITMENT_CLOSED: 'The event’s commitment deadline has passed; pledges are closed.',
  SALES_LOCKED: 'The event is locked for sales.',
  REGISTRATION_LOCKED: 'The registration can no longer be changed (invoiced or past its edit window).',
  INVALID_ORDER_STATE: 'The order is not in a state that allows this step.',
  TICKET_TYPE_IN_USE: 'The ticket type has sales and cannot be removed.',
  SHOWTIME_IN_USE: 'The showtime has sales and cannot be removed.',
  TRANSFER_EXCEEDS_OUTSTANDING: 'The transfer moves more tickets than the order still holds.',
  TRANSFER_BLOCKED_NO_OUTSTANDING: 'The order holds no outstanding tickets to transfer.',
  TRANSFER_REQUEST_ID_REUSED: 'The `transferRequestId` was used before for a different transfer.',
  DELEGATED_MEMBER_ORDERING_UNAVAILABLE: 'Delegated member ordering is switched off or not available right now.',
  DELEGATED_MEMBER_CATALOG_UNAVAILABLE: "The members' catalog of delegated events is switched off right now.",
  ALREADY_MEMBER: 'The user is already a member of the organization.',
  USER_DELETED: 'The user has been deleted and cannot be added.',
  WRONG_ENDPOINT: 'This event sells through another route (a delegated or shared projection); use that one.',
  IDEMPOTENCY_KEY_REUSED: 'The `Idempotency-Key` was used before, within 24 hours, for a different request.',
  IDEMPOTENCY_KEY_IN_PROGRESS: 'The first request with this `Idempotency-Key` is still running; wait `Retry-After`.',
  IDEMPOTENCY_KEY_ANSWER_LOST:
    'The create of this `Idempotency-Key` was done, but its answer was lost; find the record by listing, do not send it again.',
  ORGANIZATION_MISMATCH:
    'The `organizationId` query parameter names another organization than the one the path names; send the same one or none.',
  ADMITTED_BEYOND_SOLD:
    "More of the order's tickets came through the door than it reports sold; send `confirm: true` to settle anyway.",
  PARTICIPANT_NOT_ACTIVE:
    'Your organization no longer takes part in this Shared Event (`data.participantStatus`): its projection sells nothing; do not retry.',
  CURRENCY_LOCKED:
    'The organization already has sales in its currency (`data.currency`), so the currency can no longer change.',
  INVALID_UNSUBSCRIBE_LINK:
    'The one-click link to stop reminder e-mails is not one the service made (changed, cut short or for something else); turn reminders off from your profile instead.',
};
