import {
  idString,
  isoDateOrDateTime,
  isoDateTime,
  money,
  nonNegativeInt,
  object,
  pageQuery,
  positiveInt,
  shortText,
} from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import {
  CAPACITY_POLICIES,
  PARTICIPANT_ROLES,
  PARTICIPANT_STATUSES,
  SHARED_EVENT_CAPABILITIES,
  SHARED_EVENT_STATUSES,
  type CapacityPolicy,
  type SharedEventStatus,
} from './model';
import type { ShowtimeInput, TemplateInput } from './rules';

/** Request and response bodies of the Shared Event core (docs/shared-events.md: ours, published in OpenAPI). */

const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const strings: Schema = { type: 'array', items: str };

const showtimeInput = object({ showtimeId: idString, dateTime: isoDateTime, label: shortText(120) }, ['dateTime']);
const templateInput = object(
  {
    id: idString,
    name: shortText(120, 1),
    price: money,
    fee: money,
    boxofficePrice: money,
    boxofficeFee: money,
    sortOrder: nonNegativeInt,
  },
  ['name', 'price'],
);
const { id: _templateId, ...newTemplateFields } = templateInput.properties as Record<string, Schema>;
const newTemplateInput = object(newTemplateFields, ['name', 'price']);

export const createSharedEventBody = object(
  {
    name: shortText(200, 1),
    description: shortText(4000),
    location: shortText(255),
    date: isoDateOrDateTime,
    showtimes: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: object({ dateTime: isoDateTime, label: shortText(120) }, ['dateTime']),
    },
    ticketTypeTemplates: { type: 'array', minItems: 1, maxItems: 50, items: newTemplateInput },
    capacityPolicy: { type: 'string', enum: [...CAPACITY_POLICIES] },
    sharedCapacity: object({ perShowtime: positiveInt }, ['perShowtime']),
    invitedOrganizationIds: { type: 'array', maxItems: 50, uniqueItems: true, items: idString },
    requestId: idString,
  },
  ['name', 'showtimes', 'ticketTypeTemplates', 'capacityPolicy'],
);

export interface CreateSharedEventBody {
  name: string;
  description?: string;
  location?: string;
  /** Optional (docs/shared-events.md SharedEvent has no date): the earliest showtime's when absent (rules.ts eventDateOf). */
  date?: string;
  showtimes: ShowtimeInput[];
  ticketTypeTemplates: TemplateInput[];
  capacityPolicy: CapacityPolicy;
  sharedCapacity?: { perShowtime: number };
  invitedOrganizationIds?: string[];
  requestId?: string;
}

export const updateSharedEventBody = object(
  {
    name: shortText(200, 1),
    description: shortText(4000),
    location: shortText(255),
    date: isoDateOrDateTime,
    showtimes: { type: 'array', minItems: 1, maxItems: 50, items: showtimeInput },
    ticketTypeTemplates: { type: 'array', minItems: 1, maxItems: 50, items: templateInput },
  },
  [],
  { minProperties: 1 },
);

export interface UpdateSharedEventBody {
  name?: string;
  description?: string;
  location?: string;
  date?: string;
  showtimes?: ShowtimeInput[];
  ticketTypeTemplates?: TemplateInput[];
}

export const lifecycleBody = object({ status: { type: 'string', enum: [...SHARED_EVENT_STATUSES] } }, ['status']);
export interface LifecycleBody {
  status: SharedEventStatus;
}

export const directAddBody = object({ organizationId: idString }, ['organizationId']);
export interface DirectAddBody {
  organizationId: string;
}

export const listSharedEventsQuery = object({
  ...pageQuery,
  organizationId: idString,
  scope: { type: 'string', enum: ['all'] },
});
export interface ListSharedEventsQuery {
  limit: number;
  continuationToken?: string;
  organizationId?: string;
  scope?: 'all';
}

export const viewerQuery = object({ organizationId: idString });
export interface ViewerQuery {
  organizationId?: string;
}

// --- Responses ---------------------------------------------------------------------------------------------

const showtimeResponse = object({ showtimeId: str, dateTime: str, label: str }, ['showtimeId', 'dateTime']);
const templateResponse = object(
  { id: str, name: str, price: num, fee: num, boxofficePrice: num, boxofficeFee: num, sortOrder: int },
  ['id', 'name', 'price', 'fee', 'sortOrder'],
);
const ownerResponse = object({ userId: str, organizationId: str, addedAt: str }, [
  'userId',
  'organizationId',
  'addedAt',
]);
const grantResponse = object(
  {
    userId: str,
    organizationId: str,
    capabilities: { type: 'array', items: { type: 'string', enum: [...SHARED_EVENT_CAPABILITIES] } },
    roleTemplate: str,
    issuedAt: str,
    issuedBy: str,
  },
  ['userId', 'organizationId', 'capabilities', 'issuedAt', 'issuedBy'],
);
const channelResponse = object(
  { source: str, mode: str, responsibleOrgId: str, status: str, assignedBy: str, effectiveFrom: str },
  ['source', 'mode', 'responsibleOrgId', 'status'],
);
const participantStatus: Schema = { type: 'string', enum: [...PARTICIPANT_STATUSES] };
const participantRole: Schema = { type: 'string', enum: [...PARTICIPANT_ROLES] };
export const participantResponse = object(
  {
    sharedEventId: str,
    organizationId: str,
    organizationName: str,
    status: participantStatus,
    role: participantRole,
    projectionEventId: str,
    invitedAt: str,
    respondedAt: str,
    updatedAt: str,
  },
  ['sharedEventId', 'organizationId', 'status', 'role'],
);

/**
 * A Shared Event. The full view (participants, owners, grants, channels without `connectionRef`) goes to live
 * participants and Super Admins; an invited organization sees the bounded view (details only) with
 * `viewer.participantStatus: 'invited'`.
 */
export const sharedEventResponse = object(
  {
    id: str,
    sharedEventId: str,
    name: str,
    description: str,
    location: str,
    date: str,
    showtimes: { type: 'array', items: showtimeResponse },
    ticketTypeTemplates: { type: 'array', items: templateResponse },
    capacityPolicy: { type: 'string', enum: [...CAPACITY_POLICIES] },
    sharedCapacity: object({ perShowtime: int }, ['perShowtime']),
    organizerOrgId: str,
    status: { type: 'string', enum: [...SHARED_EVENT_STATUSES] },
    owners: { type: 'array', items: ownerResponse },
    grants: { type: 'array', items: grantResponse },
    externalChannels: { type: 'array', items: channelResponse },
    participants: { type: 'array', items: participantResponse },
    detailsVersion: int,
    schemaVersion: { type: 'integer', enum: [1] },
    createdAt: str,
    createdBy: str,
    updatedAt: str,
    retiredAt: str,
    viewer: object({ organizationId: str, participantStatus, role: participantRole, capabilities: strings }, [
      'capabilities',
    ]),
  },
  ['id', 'sharedEventId', 'name', 'showtimes', 'ticketTypeTemplates', 'capacityPolicy', 'status', 'schemaVersion'],
);

export const sharedEventListItem = object(
  {
    id: str,
    sharedEventId: str,
    name: str,
    date: str,
    location: str,
    status: str,
    capacityPolicy: str,
    organizerOrgId: str,
    participantStatus,
    role: participantRole,
    createdAt: str,
  },
  ['id', 'sharedEventId', 'name', 'status', 'capacityPolicy'],
);
export const sharedEventPage = object(
  { items: { type: 'array', items: sharedEventListItem }, continuationToken: str },
  ['items'],
);

export { capabilitiesResponse } from '../organizations/shared-event-creation';

export const projectionStatusResponse = object(
  {
    sharedEventId: str,
    detailsVersion: int,
    projections: {
      type: 'array',
      items: object(
        {
          organizationId: str,
          syncStatus: { type: 'string', enum: ['pending', 'synced', 'failed'] },
          detailsVersion: int,
        },
        ['organizationId', 'syncStatus'],
      ),
    },
  },
  ['sharedEventId', 'detailsVersion', 'projections'],
);
