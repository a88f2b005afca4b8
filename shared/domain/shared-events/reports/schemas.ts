import { idString, object } from '../../vocabulary/schema-parts';
import type { Schema } from '../../vocabulary/validation';
import { COUNTER_HEALTH } from '../capacity/model';
import { CAPACITY_POLICIES, PARTICIPANT_ROLES, PARTICIPANT_STATUSES } from '../model';

/** Query and response bodies of the Shared Event reports (docs/shared-events.md: ours; docs/decisions/shared-event-reports.md). */

/** GET …/reports/combined takes only the acting `organizationId` (added by the Shared Event scope). */
export const combinedReportQuery: Schema = object({});

/** GET …/reports/participant: the target organization, for an owner or a Super Admin (default: the acting one). */
export const participantReportQuery: Schema = object({
  participantOrganizationId: {
    ...idString,
    description: "The roster organization whose report an owner or Super Admin reads; default: the caller's own",
  },
});

const str: Schema = { type: 'string' };
/** Counts are never negative; `committed` may exceed `capacity` (an overbooked counter), `available` is then 0. */
const count: Schema = { type: 'integer', minimum: 0 };
const amount: Schema = { type: 'number', description: 'Euros, at most two decimals (summed in integer cents)' };

const salesFields = {
  ticketsSold: { ...count, description: "Tickets sold, counted as the organization's dashboard counts them" },
  seatsTaken: { ...count, description: 'Seats the sales hold on the Shared Event capacity (free tickets included)' },
  revenue: amount,
  fees: amount,
};
const salesRequired = ['ticketsSold', 'seatsTaken', 'revenue', 'fees'];

const capacityFields = { capacity: count, reserved: count, committed: count, available: count };
const capacityRequired = ['capacity', 'reserved', 'committed', 'available'];

const counterFields = { counterId: str, health: { type: 'string', enum: [...COUNTER_HEALTH] }, ...capacityFields };
const counterRequired = ['counterId', 'health', ...capacityRequired];

const headingFields = {
  sharedEventId: str,
  name: str,
  capacityPolicy: { type: 'string', enum: [...CAPACITY_POLICIES] },
  status: str,
  generatedAt: str,
};
const headingRequired = Object.keys(headingFields);

const showtimeHeadingFields = { showtimeId: str, dateTime: str, label: str };

const organizationFields = {
  organizationId: str,
  organizationName: str,
  role: { type: 'string', enum: [...PARTICIPANT_ROLES] },
  participantStatus: { type: 'string', enum: [...PARTICIPANT_STATUSES] },
  eventId: { ...str, description: "The organization's local Event (projection) the figures are read from" },
  ...salesFields,
};
const organizationRequired = ['organizationId', 'role', 'participantStatus', 'eventId', ...salesRequired];

const organizationShowtime = object(
  {
    showtimeId: str,
    ...salesFields,
    quota: object(counterFields, counterRequired, { description: "Quota mode: the organization's quota counter" }),
  },
  ['showtimeId', ...salesRequired],
);

export const combinedReportResponse: Schema = object(
  {
    ...headingFields,
    showtimes: {
      type: 'array',
      items: object({ ...showtimeHeadingFields, ...capacityFields, ...salesFields }, [
        'showtimeId',
        'dateTime',
        ...capacityRequired,
        ...salesRequired,
      ]),
    },
    organizations: {
      type: 'array',
      items: object({ ...organizationFields, showtimes: { type: 'array', items: organizationShowtime } }, [
        ...organizationRequired,
        'showtimes',
      ]),
    },
    totals: object({ ...capacityFields, ...salesFields }, [...capacityRequired, ...salesRequired]),
  },
  [...headingRequired, 'showtimes', 'organizations', 'totals'],
);

export const participantReportResponse: Schema = object(
  {
    ...headingFields,
    organization: object(organizationFields, organizationRequired),
    showtimes: {
      type: 'array',
      items: object(
        {
          ...showtimeHeadingFields,
          ...salesFields,
          counter: object({ kind: { type: 'string', enum: [...CAPACITY_POLICIES] }, ...counterFields }, [
            'kind',
            ...counterRequired,
          ]),
        },
        ['showtimeId', 'dateTime', ...salesRequired, 'counter'],
      ),
    },
  },
  [...headingRequired, 'organization', 'showtimes'],
);
