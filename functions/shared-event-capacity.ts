import { sharedEventScope } from '../shared/auth/scope';
import { defineRoute } from '../shared/http/define-route';
import { sharedEventsSwitch } from '../shared/domain/shared-events/capabilities';
import { editPoolCapacity } from '../shared/domain/shared-events/capacity/admin/pool-capacity';
import { changeCapacityPolicy } from '../shared/domain/shared-events/capacity/admin/change-policy';
import { editQuotas } from '../shared/domain/shared-events/capacity/admin/quotas';
import {
  bulkQuotasBody,
  capacityPolicyBody,
  capacityViewResponse,
  poolCapacityBody,
  quotaBody,
  type BulkQuotasBody,
  type CapacityPolicyBody,
  type PoolCapacityBody,
  type QuotaBody,
} from '../shared/domain/shared-events/capacity/admin/schemas';
import { getCapacity } from '../shared/domain/shared-events/capacity/admin/capacity-view';

/**
 * Shared Event capacity administration (docs/shared-events.md "organizer and participant administration", rule 12: the payloads
 * are ours, see docs/decisions/shared-event-capacity-admin.md): the capacity view, the pool capacity edit (Super
 * Admin), quota edits (single and bulk) and the guarded capacity-policy transition (manageCapacity).
 */
const tags = ['shared-events'];
const manageCapacity = sharedEventScope({
  sharedEventParam: 'sharedEventId',
  role: 'member',
  capability: 'manageCapacity',
});

defineRoute({
  name: 'shared-event-capacity-get',
  method: 'GET',
  route: 'shared-events/{sharedEventId}/capacity',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'member' }),
  tags,
  summary:
    "Capacity per showtime (counters not created yet read as their starting capacity); in quota mode each organization's line (every organization for owners, manageCapacity, viewCombinedReports and Super Admin; otherwise the caller's own)",
  response: capacityViewResponse,
  handler: ({ principal, grant }) => getCapacity(principal, grant),
});

defineRoute<PoolCapacityBody>({
  name: 'shared-event-capacity-edit',
  method: 'PATCH',
  route: 'shared-events/{sharedEventId}/capacity',
  auth: 'superAdmin',
  tags,
  summary:
    'Set the pool per showtime (Super Admin): each pool counter guarded so reserved + committed stays within it (409 naming the showtimes otherwise, nothing changed); in quota mode the ceiling the quotas sum within',
  gate: sharedEventsSwitch,
  body: poolCapacityBody,
  response: capacityViewResponse,
  handler: ({ principal, params, body }) => editPoolCapacity(principal, params.sharedEventId, body),
});

defineRoute<QuotaBody>({
  name: 'shared-event-quota-edit',
  method: 'PATCH',
  route: 'shared-events/{sharedEventId}/participants/{orgId}/quota',
  scope: manageCapacity,
  tags,
  summary:
    "Merge quotas into a roster organization's quotaByShowtime (manageCapacity); in quota mode its counters are guarded (409 when it already holds more)",
  gate: sharedEventsSwitch,
  body: quotaBody,
  response: capacityViewResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, params, body }) =>
    editQuotas(principal, grant, [{ organizationId: params.orgId, quotaByShowtime: body.quotaByShowtime }], 'single'),
});

defineRoute<BulkQuotasBody>({
  name: 'shared-event-quotas-bulk-edit',
  method: 'PATCH',
  route: 'shared-events/{sharedEventId}/quotas',
  scope: manageCapacity,
  tags,
  summary: 'Quotas of several organizations at once, all or nothing (manageCapacity)',
  gate: sharedEventsSwitch,
  body: bulkQuotasBody,
  response: capacityViewResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, body }) => editQuotas(principal, grant, body.quotas, 'bulk'),
});

defineRoute<CapacityPolicyBody>({
  name: 'shared-event-capacity-policy',
  method: 'POST',
  route: 'shared-events/{sharedEventId}/capacity-policy',
  scope: manageCapacity,
  tags,
  summary:
    'Guarded transition pool ↔ quota (manageCapacity): refused with 409 when committed sales would exceed the new limits; committed seats move to the new counters',
  gate: sharedEventsSwitch,
  body: capacityPolicyBody,
  response: capacityViewResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, body }) => changeCapacityPolicy(principal, grant, body),
});
