import { defineRoute } from '../shared/http/define-route';
import { transferOrder } from '../shared/domain/transfers/transfer-order';
import { transferBody, transferResultSchema, type TransferBody } from '../shared/domain/transfers/schemas';

defineRoute<TransferBody>({
  name: 'orders-transfer',
  method: 'POST',
  route: 'orders/{id}/transfer',
  auth: 'ticketManager',
  idempotent: true,
  tags: ['orders'],
  summary: 'Transfer outstanding tickets to another member (idempotent by transferRequestId)',
  body: transferBody,
  response: transferResultSchema,
  errors: ['TRANSFER_EXCEEDS_OUTSTANDING', 'TRANSFER_BLOCKED_NO_OUTSTANDING', 'TRANSFER_REQUEST_ID_REUSED'],
  handler: ({ principal, organizationId, params, body }) => transferOrder(principal, organizationId, params.id, body),
});
