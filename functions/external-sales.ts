import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { correctExternalSale, listCorrections } from '../shared/domain/external-sales/correction';
import {
  createExternalSale,
  deleteExternalSale,
  listExternalSales,
  updateExternalSale,
} from '../shared/domain/external-sales/manage-external-sales';
import {
  correctionBody,
  externalSaleBody,
  correctionList,
  correctionResult,
  externalSalePage,
  externalSaleResponse,
  listExternalSalesQuery,
  type CorrectionBody,
  type ExternalSaleBody,
  type PageQuery,
} from '../shared/domain/external-sales/schemas';

// Ticket Manager+ (correction: Admin). The four mutations are "full org" (403 ORG_MODE_RESTRICTED before
// the sale or event is read); the two GET routes are never restricted by organization mode.
const tags = ['external-sales'];

defineRoute<unknown, PageQuery>({
  name: 'external-sales-list',
  method: 'GET',
  route: 'management/events/{eventId}/external-sales',
  auth: 'ticketManager',
  tags,
  summary: "An event's external sales ledger (paged)",
  query: listExternalSalesQuery,
  response: externalSalePage,
  handler: ({ organizationId, params, query }) => listExternalSales(organizationId, params.eventId, undefined, query),
});

defineRoute<unknown, PageQuery>({
  name: 'external-sales-list-showtime',
  method: 'GET',
  route: 'management/events/{eventId}/showtimes/{showtimeId}/external-sales',
  auth: 'ticketManager',
  tags,
  summary: "A showtime's external sales ledger (paged)",
  query: listExternalSalesQuery,
  response: externalSalePage,
  handler: ({ organizationId, params, query }) =>
    listExternalSales(organizationId, params.eventId, params.showtimeId, query),
});

defineRoute<ExternalSaleBody>({
  name: 'external-sales-create',
  method: 'POST',
  idempotent: true,
  route: 'management/events/{eventId}/showtimes/{showtimeId}/external-sales',
  auth: 'ticketManager',
  fullOrg: true,
  tags,
  summary: 'Record an external (box-office) sale; capacity-checked (409 CAPACITY_EXCEEDED)',
  body: externalSaleBody,
  response: externalSaleResponse,
  successStatus: 201,
  errors: ['CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE'],
  handler: async ({ principal, organizationId, params, body }) =>
    created(await createExternalSale(principal, organizationId, params.eventId, params.showtimeId, body)),
});

defineRoute<ExternalSaleBody>({
  name: 'external-sales-update',
  method: 'PUT',
  route: 'management/external-sales/{id}',
  auth: 'ticketManager',
  fullOrg: true,
  tags,
  summary: "Replace an external sale's lines, source and note; an increase is capacity-checked",
  body: externalSaleBody,
  response: externalSaleResponse,
  errors: ['CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE'],
  handler: ({ principal, organizationId, params, body }) =>
    updateExternalSale(principal, organizationId, params.id, body),
});

defineRoute({
  name: 'external-sales-delete',
  method: 'DELETE',
  route: 'management/external-sales/{id}',
  auth: 'ticketManager',
  fullOrg: true,
  tags,
  summary: 'Delete an external sale (soft) and release its seats',
  body: emptyBody,
  response: externalSaleResponse,
  handler: ({ principal, organizationId, params }) => deleteExternalSale(principal, organizationId, params.id),
});

defineRoute<CorrectionBody>({
  name: 'external-sales-correct',
  method: 'POST',
  idempotent: true,
  route: 'management/external-sales/{id}/correction',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: 'Administrative correction: replaces the quantities and writes an immutable audit row',
  body: correctionBody,
  response: correctionResult,
  errors: ['CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE'],
  handler: ({ principal, organizationId, params, body }) =>
    correctExternalSale(principal, organizationId, params.id, body),
});

defineRoute({
  name: 'external-sales-corrections',
  method: 'GET',
  route: 'management/external-sales/{id}/corrections',
  auth: 'ticketManager',
  tags,
  summary: 'The correction audit rows of one external sale, oldest first',
  response: correctionList,
  handler: ({ organizationId, params }) => listCorrections(organizationId, params.id),
});
