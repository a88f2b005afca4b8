import { defineRoute } from '../shared/http/define-route';
import {
  organizationSearchQuery,
  organizationSearchResponse,
  searchOrganizations,
  type OrganizationSearchQuery,
} from '../shared/domain/organizations/search';

// docs/shared-events.md "Shared Events: reporting, channels, operations" and rule 3: an administrative route, not discovery.
defineRoute<unknown, OrganizationSearchQuery>({
  name: 'shared-event-organizations-search',
  method: 'GET',
  route: 'shared-event-organizations/search',
  auth: 'superAdmin',
  tags: ['organizations'],
  summary:
    'Search organizations by name for a Shared Event (purpose sharedEvent, default: no selling partners) or delegated sales (purpose delegatedSales)',
  query: organizationSearchQuery,
  response: organizationSearchResponse,
  handler: ({ query }) => searchOrganizations(query),
});
