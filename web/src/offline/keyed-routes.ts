/**
 * The writes whose route honours an `Idempotency-Key` (the header is listed on the operation in openapi.json;
 * tests/unit/web-keyed-routes.test.ts fails when this list and the contract differ). The client makes and keeps
 * a key for every intent it sends through the outbox, but puts it on the wire only here: a route that does not
 * honour keys may refuse one.
 */
export const KEYED_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/allocations',
  'POST /api/events/{eventId}/free-tickets',
  'POST /api/impersonation/audit',
  'POST /api/management/events',
  'POST /api/management/events/{eventId}/showtimes/{showtimeId}/external-sales',
  'POST /api/management/external-sales/{id}/correction',
  'POST /api/management/members/{userId}/invoice/{eventId}/payments',
  'POST /api/orders',
  'POST /api/orders/{id}/force-record-sold',
  'POST /api/orders/{id}/report-sold',
  'POST /api/orders/{id}/return',
  'POST /api/orders/{id}/transfer',
  'POST /api/organizations',
  'POST /api/organizations/{id}/members',
  'POST /api/organizations/{organizationId}/events/{eventId}/sales-delegations',
  'POST /api/organizations/{organizationId}/invitations',
  'POST /api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders',
  'POST /api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/self',
  'POST /api/registrations',
  'POST /api/shared-events',
  'POST /api/shared-events/{sharedEventId}/invitation-links',
  'POST /api/shared-events/{sharedEventId}/participants',
  'PUT /api/registrations/{id}',
]);

export const isKeyedRoute = (method: string, path: string) => KEYED_ROUTES.has(`${method} ${path}`);

/**
 * Writes that a second copy cannot double even without a key: report sold carries the cumulative total, so a
 * repeat sets what is already set (docs/decisions/api-contract.md, "state moves").
 */
const REPEATABLE_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/orders/{id}/report-sold',
  'POST /api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/report-sold',
]);

/** May the outbox send this write again by itself after a try whose answer never came? */
export const mayResendUnasked = (method: string, path: string) =>
  isKeyedRoute(method, path) || REPEATABLE_ROUTES.has(`${method} ${path}`);
