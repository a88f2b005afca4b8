import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import * as members from '../shared/domain/organizations/members';
import { importMembers } from '../shared/domain/organizations/member-import';
import {
  addMemberBody,
  membersQuery,
  updateMemberBody,
  type AddMemberBody,
  type PageQuery,
  type UpdateMemberBody,
} from '../shared/domain/organizations/schemas';
import {
  memberAddedResponse,
  memberPage,
  memberRemovedResponse,
  membershipResponse,
} from '../shared/domain/organizations/responses';
import { importResult } from '../shared/domain/vocabulary/response-parts';

const tags = ['members'];

defineRoute<unknown, PageQuery>({
  name: 'members-list',
  method: 'GET',
  route: 'organizations/{id}/members',
  auth: 'superAdmin',
  tags,
  summary: 'Members of an organization with name and e-mail (paged)',
  query: membersQuery,
  response: memberPage,
  handler: ({ params, query }) => members.listMembers(params.id, query),
});

defineRoute<AddMemberBody>({
  name: 'members-add',
  method: 'POST',
  idempotent: true,
  route: 'organizations/{id}/members',
  auth: 'superAdmin',
  tags,
  summary: 'Add a member by e-mail, creating the user when new',
  body: addMemberBody,
  successStatus: 201,
  response: memberAddedResponse,
  errors: ['USER_DELETED', 'ALREADY_MEMBER'],
  handler: async ({ params, body }) => created(await members.addMember(params.id, body)),
});

defineRoute<UpdateMemberBody>({
  name: 'members-update',
  method: 'PUT',
  route: 'organizations/{id}/members/{memberId}',
  auth: 'superAdmin',
  tags,
  summary: 'Change a member’s role, role labels or approval ({memberId} is the user id)',
  body: updateMemberBody,
  response: membershipResponse,
  handler: ({ params, body }) => members.updateMember(params.id, params.memberId, body),
});

defineRoute({
  name: 'members-remove',
  method: 'DELETE',
  route: 'organizations/{id}/members/{memberId}',
  auth: 'superAdmin',
  tags,
  summary: 'Remove a membership',
  body: emptyBody,
  response: memberRemovedResponse,
  handler: ({ params }) => members.removeMember(params.id, params.memberId),
});

defineRoute({
  name: 'members-import',
  method: 'POST',
  route: 'organizations/{id}/members/import',
  auth: 'superAdmin',
  tags,
  summary: 'Import members from CSV (email,name,role); creates users that do not exist',
  bodyType: 'csv',
  csvExample:
    'email,name,role\nmia.member@example.org,Mia Member,member\ntom.treasurer@example.org,Tom Treasurer,treasurer\n',
  response: importResult,
  handler: ({ params, rawBody }) => importMembers(params.id, rawBody),
});
