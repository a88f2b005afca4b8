import { defineRoute } from '../shared/http/define-route';
import { setCommitment } from '../shared/domain/pledges/commitment';
import {
  commitmentBody,
  pledgeItem,
  pledgePage,
  pledgeResponse,
  pledgeSummaryResponse,
  pledgeBody,
  pledgeListQuery,
  type CommitmentBody,
  type PledgeBody,
  type PledgeListQuery,
} from '../shared/domain/pledges/schemas';
import { getMyPledge, listPledges, pledgeSummary, submitPledge } from '../shared/domain/pledges/manage-pledges';

const tags = ['pledges'];

defineRoute({
  name: 'pledges-mine-get',
  method: 'GET',
  route: 'events/{eventId}/my-pledge',
  auth: 'member',
  tags,
  summary: "The caller's pledge for the event, or null",
  response: pledgeResponse,
  handler: ({ principal, organizationId, params }) => getMyPledge(principal, organizationId, params.eventId),
});

defineRoute<PledgeBody>({
  name: 'pledges-mine-submit',
  method: 'POST',
  route: 'events/{eventId}/my-pledge',
  auth: 'member',
  tags,
  summary: 'Submit or update the caller pledge while the commitment round is open',
  body: pledgeBody,
  response: pledgeItem,
  errors: ['COMMITMENT_CLOSED'],
  handler: ({ principal, organizationId, params, body }) =>
    submitPledge(principal, organizationId, params.eventId, body),
});

defineRoute({
  name: 'pledges-summary',
  method: 'GET',
  route: 'events/{eventId}/pledge-summary',
  auth: 'member',
  tags,
  summary: 'Commitment round state and pledge totals',
  response: pledgeSummaryResponse,
  handler: ({ organizationId, params }) => pledgeSummary(organizationId, params.eventId),
});

defineRoute<unknown, PledgeListQuery>({
  name: 'management-pledges-list',
  method: 'GET',
  route: 'management/events/{eventId}/pledges',
  auth: 'ticketManager',
  tags,
  summary: 'Every pledge of the event',
  query: pledgeListQuery,
  response: pledgePage,
  handler: ({ organizationId, params, query }) => listPledges(organizationId, params.eventId, query),
});

defineRoute<CommitmentBody>({
  name: 'management-commitment-set',
  method: 'PUT',
  route: 'management/events/{eventId}/commitment',
  auth: 'admin',
  tags,
  summary: 'Open, close or convert the commitment round (conversion creates allocations from sure pledges)',
  body: commitmentBody,
  response: pledgeSummaryResponse,
  handler: ({ principal, organizationId, params, body }) =>
    setCommitment(principal, organizationId, params.eventId, body),
});
