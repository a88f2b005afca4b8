import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import {
  createRegistration,
  deleteRegistration,
  invoiceRegistration,
  updateRegistration,
} from '../shared/domain/registrations/registration-writes';
import {
  createRegistrationBody,
  invoiceRegistrationBody,
  registrationResponse,
  updateRegistrationBody,
  type CreateRegistrationBody,
  type InvoiceRegistrationBody,
  type UpdateRegistrationBody,
} from '../shared/domain/registrations/schemas';

// Direct sales (docs/decisions/sales.md "Registrations (direct sales) and personal history", docs/decisions/sales.md).
const tags = ['registrations'];

defineRoute<CreateRegistrationBody>({
  name: 'registrations-create',
  method: 'POST',
  idempotent: true,
  route: 'registrations',
  auth: 'member',
  tags,
  summary: 'Register a direct sale (the caller is the seller); capacity taken atomically; 1-hour edit window',
  body: createRegistrationBody,
  response: registrationResponse,
  successStatus: 201,
  errors: ['CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE', 'SALES_LOCKED', 'WRONG_ENDPOINT'],
  handler: async ({ principal, organizationId, body }) =>
    created(await createRegistration(principal, organizationId, body)),
});

defineRoute<UpdateRegistrationBody>({
  name: 'registrations-update',
  method: 'PUT',
  route: 'registrations/{id}',
  auth: 'ticketManager',
  idempotent: true,
  tags,
  summary: 'Update a registration within 1 hour of creation (any of showtimeId, tickets, buyerName, buyerEmail, note)',
  body: updateRegistrationBody,
  response: registrationResponse,
  errors: ['REGISTRATION_LOCKED', 'CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE', 'SALES_LOCKED'],
  handler: ({ principal, organizationId, params, body }) =>
    updateRegistration(principal, organizationId, params.id, body),
});

defineRoute({
  name: 'registrations-delete',
  method: 'DELETE',
  route: 'registrations/{id}',
  auth: 'ticketManager',
  tags,
  summary: 'Delete a registration (soft) within 1 hour of creation and release its seats; answers it deleted',
  body: emptyBody,
  response: registrationResponse,
  errors: ['REGISTRATION_LOCKED'],
  handler: ({ principal, organizationId, params }) => deleteRegistration(principal, organizationId, params.id),
});

defineRoute<InvoiceRegistrationBody>({
  name: 'registrations-invoice',
  method: 'PUT',
  route: 'management/registrations/{id}/invoice',
  auth: 'ticketManager',
  tags,
  summary: 'Mark one registration invoiced ({} or { invoiced: true }) or clear it ({ invoiced: false }); idempotent',
  body: invoiceRegistrationBody,
  response: registrationResponse,
  handler: ({ principal, organizationId, params, body }) =>
    invoiceRegistration(principal, organizationId, params.id, body),
});
