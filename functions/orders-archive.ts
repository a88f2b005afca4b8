import { defineRoute } from '../shared/http/define-route';
import { completedOrMultiStatus } from '../shared/http/reply';
import { bulkArchive, previewBulkArchive } from '../shared/domain/archive/bulk';
import type { ArchiveRequest } from '../shared/domain/archive/rules';
import {
  archivePreviewResponse,
  bulkArchiveResponse,
  eventScopeBody,
  setArchivedBody,
  type EventScopeBody,
} from '../shared/domain/archive/schemas';
import { setOrderArchived } from '../shared/domain/archive/single';
import { orderResponse } from '../shared/domain/orders/response-schema';

/** Archiving (docs/decisions/archive.md "Archive rules"); the literal `orders/archive` paths take precedence over `orders/{id}`. */
const tags = ['orders'];

defineRoute<ArchiveRequest>({
  name: 'orders-archive',
  method: 'PATCH',
  route: 'orders/{id}/archive',
  auth: 'ticketManager',
  tags,
  summary: 'Archive or unarchive one order; override of invoice blockers ({ confirmed: true }) is admin-only',
  body: setArchivedBody,
  response: orderResponse,
  errors: ['ARCHIVE_OVERRIDE_FORBIDDEN', 'INVOICE_REQUIRED', 'INVALID_INVOICE_BASIS', 'INVALID_ORDER_STATE'],
  handler: ({ principal, organizationId, params, body }) =>
    setOrderArchived(principal, organizationId, params.id, body),
});

defineRoute<EventScopeBody>({
  name: 'orders-archive-preview',
  method: 'POST',
  route: 'orders/archive/preview',
  auth: 'ticketManager',
  tags,
  summary: "Count an event's orders that bulk archive would archive, and those blocked",
  body: eventScopeBody,
  response: archivePreviewResponse,
  handler: ({ organizationId, body }) => previewBulkArchive(organizationId, body.eventId),
});

defineRoute<EventScopeBody>({
  name: 'orders-archive-bulk',
  method: 'POST',
  route: 'orders/archive',
  auth: 'ticketManager',
  tags,
  summary: 'Archive up to 100 eligible orders of an event; 207 with durable counters after a partial failure',
  body: eventScopeBody,
  response: bulkArchiveResponse,
  multiStatus: true,
  handler: async ({ principal, organizationId, body }) =>
    completedOrMultiStatus(await bulkArchive(principal, organizationId, body.eventId)),
});
