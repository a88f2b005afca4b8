import { defineRoute } from '../shared/http/define-route';
import { completedOrMultiStatus } from '../shared/http/reply';
import { invoiceMemberForEvent } from '../shared/domain/invoicing/member-invoice';
import type { InvoiceRequest } from '../shared/domain/invoicing/rules';
import { memberInvoiceBody, memberInvoiceResponse } from '../shared/domain/invoicing/schemas';

/** Member-and-event invoicing (docs/decisions/sales.md "Dashboard and invoicing"), Ticket Manager+. */
defineRoute<InvoiceRequest>({
  name: 'members-invoice-event',
  method: 'PUT',
  route: 'management/members/{userId}/invoice/{eventId}',
  auth: 'ticketManager',
  tags: ['invoicing'],
  summary:
    "Issue ({ invoiced: true }) or clear ({ invoiced: false }) the invoice state of a member's orders and " +
    'registrations for an event; an empty body is the legacy toggle. 207 with completed false after a conflict ' +
    'or write failure, keeping the updates made',
  body: memberInvoiceBody,
  response: memberInvoiceResponse,
  multiStatus: true,
  errors: ['CONFLICT'],
  handler: async ({ principal, organizationId, params, body }) =>
    completedOrMultiStatus(await invoiceMemberForEvent(principal, organizationId, params.userId, params.eventId, body)),
});
