import { defineRoute } from '../shared/http/define-route';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import * as users from '../shared/domain/users/user-admin';
import { importUsers } from '../shared/domain/users/import';
import { bulkAssignUsers } from '../shared/domain/organizations/bulk-assign';
import {
  bulkAssignBody,
  bulkDeleteBody,
  listUsersQuery,
  superAdminBody,
  updateUserBody,
  type BulkAssignBody,
  type ListUsersQuery,
  type UpdateUserBody,
} from '../shared/domain/users/schemas';
import { bulkAssignResponse, bulkDeleteResponse, userPage, userResponse } from '../shared/domain/users/responses';
import { importResult } from '../shared/domain/vocabulary/response-parts';

const tags = ['users'];

defineRoute<unknown, ListUsersQuery>({
  name: 'users-list',
  method: 'GET',
  route: 'users',
  auth: 'superAdmin',
  tags,
  summary: 'List users (paged; search matches e-mail or name)',
  query: listUsersQuery,
  response: userPage,
  handler: ({ query }) => users.listUsers(query),
});

defineRoute({
  name: 'users-import',
  method: 'POST',
  route: 'users/import',
  auth: 'superAdmin',
  tags,
  summary: 'Import users from CSV (email,name,firstName,lastName,phone)',
  bodyType: 'csv',
  csvExample: 'email,name,firstName,lastName,phone\nmia.member@example.org,Mia Member,Mia,Member,+49 30 1234567\n',
  response: importResult,
  handler: ({ rawBody }) => importUsers(rawBody),
});

defineRoute<{ userIds: string[] }>({
  name: 'users-bulk-delete',
  method: 'DELETE',
  route: 'users/bulk-delete',
  auth: 'superAdmin',
  tags,
  summary: 'Soft-delete users',
  body: bulkDeleteBody,
  response: bulkDeleteResponse,
  handler: ({ principal, body }) => users.bulkDeleteUsers(principal, body.userIds),
});

defineRoute<BulkAssignBody>({
  name: 'users-bulk-assign-organization',
  method: 'POST',
  route: 'users/bulk-assign-organization',
  auth: 'superAdmin',
  tags,
  summary: 'Add users to one organization with one role',
  body: bulkAssignBody,
  errors: ['NOT_FOUND'], // the organization or a user of the body
  response: bulkAssignResponse,
  handler: ({ body }) => bulkAssignUsers(body),
});

defineRoute({
  name: 'users-get',
  method: 'GET',
  route: 'users/{id}',
  auth: 'superAdmin',
  tags,
  summary: 'One user (soft-deleted ones too, with deletedAt)',
  response: userResponse,
  handler: ({ params }) => users.readUser(params.id),
});

defineRoute<UpdateUserBody>({
  name: 'users-update',
  method: 'PUT',
  route: 'users/{id}',
  auth: 'superAdmin',
  tags,
  summary: 'Update a user’s name and contact fields (the e-mail address is the login identity and stays)',
  body: updateUserBody,
  response: userResponse,
  handler: ({ params, body }) => users.updateUser(params.id, body),
});

defineRoute<{ isSuperAdmin?: boolean }>({
  name: 'users-super-admin',
  method: 'PUT',
  route: 'users/{id}/super-admin',
  auth: 'superAdmin',
  tags,
  summary: 'Set { isSuperAdmin } or, with an empty body, toggle it; your own flag cannot be removed',
  body: superAdminBody,
  response: userResponse,
  handler: ({ principal, params, body }) => users.setSuperAdmin(principal, params.id, body.isSuperAdmin),
});

defineRoute({
  name: 'users-restore',
  method: 'POST',
  route: 'users/{id}/restore',
  auth: 'superAdmin',
  tags,
  summary: 'Restore a soft-deleted user',
  body: emptyBody,
  response: userResponse,
  handler: ({ params }) => users.restoreUser(params.id),
});
