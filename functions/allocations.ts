import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { membersWithAllocations } from '../shared/domain/allocations/members';
import { deletedResponse } from '../shared/domain/orders/response-schema';
import {
  allocationMembersPage,
  allocationPage,
  allocationList,
  allocationResponse,
  listAllocationsQuery,
  membersQuery,
  myAllocationsQuery,
  upsertAllocationBody,
  type ListAllocationsQuery,
  type MembersQuery,
  type UpsertAllocationBody,
} from '../shared/domain/allocations/schemas';
import {
  deleteAllocation,
  listAllocations,
  myAllocations,
  upsertAllocation,
} from '../shared/domain/allocations/manage-allocations';

const tags = ['allocations'];

defineRoute<unknown, ListAllocationsQuery>({
  name: 'allocations-list',
  method: 'GET',
  route: 'allocations',
  auth: 'ticketManager',
  tags,
  summary: 'List allocations (optionally for one event or member), with used quantities',
  query: listAllocationsQuery,
  response: allocationPage,
  handler: ({ organizationId, query }) => listAllocations(organizationId, query),
});

defineRoute<UpsertAllocationBody>({
  name: 'allocations-upsert',
  method: 'POST',
  idempotent: true,
  route: 'allocations',
  auth: 'ticketManager',
  tags,
  summary: 'Create (201) or replace (200) the allocation of one member for an event or one of its showtimes',
  body: upsertAllocationBody,
  successStatus: 201,
  okWhenExisting: true,
  response: allocationResponse,
  handler: async ({ principal, organizationId, body }) => {
    const { allocation, isNew } = await upsertAllocation(principal, organizationId, body);
    return isNew ? created(allocation) : allocation;
  },
});

defineRoute({
  name: 'allocations-delete',
  method: 'DELETE',
  route: 'allocations/{id}',
  auth: 'ticketManager',
  tags,
  summary: 'Delete an allocation',
  body: emptyBody,
  response: deletedResponse,
  handler: ({ organizationId, params }) => deleteAllocation(organizationId, params.id),
});

defineRoute<unknown, MembersQuery>({
  name: 'allocations-members',
  method: 'GET',
  route: 'allocations/members',
  auth: 'ticketManager',
  tags,
  summary: 'Approved members with their allocations for one event and an allocated/used summary',
  query: membersQuery,
  response: allocationMembersPage,
  handler: ({ organizationId, query }) => membersWithAllocations(organizationId, query),
});

defineRoute<unknown, { eventId?: string }>({
  name: 'my-allocations-list',
  method: 'GET',
  route: 'my-allocations',
  auth: 'member',
  tags,
  summary: "The caller's allocations, with used quantities",
  query: myAllocationsQuery,
  response: allocationList,
  handler: ({ principal, organizationId, query }) => myAllocations(principal, organizationId, query.eventId),
});
