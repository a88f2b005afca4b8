import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import * as organizations from '../shared/domain/organizations/manage-organizations';
import { setOrganizationMode } from '../shared/domain/organizations/mode';
import {
  createOrganizationBody,
  listOrganizationsQuery,
  modeBody,
  organizationResponse,
  updateOrganizationBody,
  type CreateOrganizationBody,
  type ModeBody,
  type PageQuery,
  type UpdateOrganizationBody,
} from '../shared/domain/organizations/schemas';
import { organizationPage } from '../shared/domain/organizations/responses';

const tags = ['organizations'];

defineRoute<CreateOrganizationBody>({
  name: 'organizations-create',
  method: 'POST',
  // The new organization's id is derived from the key, so its record rides in that partition's create.
  idempotent: true,
  keyRecordIn: 'newOrganization',
  route: 'organizations',
  auth: 'superAdmin',
  tags,
  summary: 'Create an organization (optionally in sellingPartner mode)',
  body: createOrganizationBody,
  response: organizationResponse,
  successStatus: 201,
  handler: async ({ principal, body, keyedId }) =>
    created(await organizations.createOrganization(principal, body, keyedId)),
});

defineRoute<unknown, PageQuery & { includeDeleted: boolean }>({
  name: 'organizations-list',
  method: 'GET',
  route: 'organizations',
  auth: 'superAdmin',
  tags,
  summary: 'List organizations (paged)',
  query: listOrganizationsQuery,
  response: organizationPage,
  handler: ({ query }) => organizations.listOrganizations(query),
});

defineRoute({
  name: 'organizations-get',
  method: 'GET',
  route: 'organizations/{id}',
  auth: 'superAdmin',
  tags,
  summary: 'One organization',
  response: organizationResponse,
  handler: ({ params }) => organizations.readOrganization(params.id),
});

defineRoute<UpdateOrganizationBody>({
  name: 'organizations-update',
  method: 'PUT',
  route: 'organizations/{id}',
  auth: 'admin',
  orgParam: 'id',
  tags,
  summary: 'Update name, description, type or logo (Admin of that organization or Super Admin)',
  body: updateOrganizationBody,
  response: organizationResponse,
  handler: ({ principal, params, body }) => organizations.updateOrganization(principal, params.id, body),
});

defineRoute({
  name: 'organizations-delete',
  method: 'DELETE',
  route: 'organizations/{id}',
  auth: 'superAdmin',
  tags,
  summary: 'Soft-delete an organization',
  body: emptyBody,
  response: organizationResponse,
  handler: ({ principal, params }) => organizations.deleteOrganization(principal, params.id),
});

defineRoute<ModeBody>({
  name: 'organizations-set-mode',
  method: 'PUT',
  route: 'organizations/{id}/mode',
  auth: 'superAdmin',
  tags,
  summary: 'Set the capability mode (full or sellingPartner)',
  body: modeBody,
  response: organizationResponse,
  errors: ['ORG_MODE_DOWNGRADE_BLOCKED', 'ORG_MODE_TRANSITION_RACED', 'ORG_MODE_DEPENDENCY_CHECK_FAILED'],
  handler: ({ principal, params, body }) => setOrganizationMode(principal, params.id, body.organizationMode),
});
