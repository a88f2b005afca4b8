import { idString, nonNegativeInt, object } from '../../../vocabulary/schema-parts';
import type { Schema } from '../../../vocabulary/validation';
import { COUNTER_HEALTH, FENCE_STATES } from '../model';
import { CAPACITY_POLICIES, type CapacityPolicy } from '../../model';
import type { QuotaMap } from './rules';

/**
 * Bodies of the capacity administration routes (docs/shared-events.md: their payload fields are ours; decisions in
 * docs/decisions/shared-event-capacity-admin.md), published in OpenAPI from these same schemas.
 */

const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };

/** Showtime id → seats (showtime ids are checked against the Shared Event by the service: 400 when unknown). */
const quotaByShowtime: Schema = {
  type: 'object',
  minProperties: 1,
  maxProperties: 50,
  propertyNames: idString,
  additionalProperties: nonNegativeInt,
};

/** The most organizations one bulk quota edit or policy transition may name. */
export const MAX_QUOTA_ENTRIES = 50;

const quotaEntry = object({ organizationId: idString, quotaByShowtime }, ['organizationId', 'quotaByShowtime']);
const quotaEntries: Schema = { type: 'array', minItems: 1, maxItems: MAX_QUOTA_ENTRIES, items: quotaEntry };

export interface QuotaEntry {
  organizationId: string;
  quotaByShowtime: QuotaMap;
}

/** PATCH …/capacity (Super Admin): the pool per showtime. */
export const poolCapacityBody = object({ perShowtime: nonNegativeInt }, ['perShowtime']);
export interface PoolCapacityBody {
  perShowtime: number;
}

/** PATCH …/participants/{orgId}/quota: merged into the organization's quotas (showtimes not named keep theirs). */
export const quotaBody = object({ quotaByShowtime }, ['quotaByShowtime']);
export interface QuotaBody {
  quotaByShowtime: QuotaMap;
}

/** PATCH …/quotas: several organizations at once, all or nothing; each organization at most once. */
export const bulkQuotasBody = object({ quotas: quotaEntries }, ['quotas']);
export interface BulkQuotasBody {
  quotas: QuotaEntry[];
}

/** POST …/capacity-policy: the target policy and, optionally, its new limits in the same guarded step. */
export const capacityPolicyBody = object(
  {
    capacityPolicy: { type: 'string', enum: [...CAPACITY_POLICIES] },
    perShowtime: nonNegativeInt,
    quotas: quotaEntries,
  },
  ['capacityPolicy'],
);
export interface CapacityPolicyBody {
  capacityPolicy: CapacityPolicy;
  perShowtime?: number;
  quotas?: QuotaEntry[];
}

const health: Schema = { type: 'string', enum: [...COUNTER_HEALTH] };
const counts = { reserved: int, committed: int, available: int, health };
const showtimeLine = object({ showtimeId: str, capacity: int, ...counts }, [
  'showtimeId',
  'capacity',
  'reserved',
  'committed',
  'available',
  'health',
]);
const quotaLine = object({ showtimeId: str, quota: int, ...counts }, [
  'showtimeId',
  'quota',
  'reserved',
  'committed',
  'available',
  'health',
]);

/** The capacity view every route of this family answers with (GET …/capacity, and each edit's result). */
export const capacityViewResponse = object(
  {
    sharedEventId: str,
    capacityPolicy: { type: 'string', enum: [...CAPACITY_POLICIES] },
    fenceState: { type: 'string', enum: [...FENCE_STATES] },
    sharedCapacity: object({ perShowtime: int }, ['perShowtime']),
    transitionInProgress: { type: 'boolean' },
    showtimes: { type: 'array', items: showtimeLine },
    organizations: {
      type: 'array',
      items: object({ organizationId: str, showtimes: { type: 'array', items: quotaLine } }, [
        'organizationId',
        'showtimes',
      ]),
    },
  },
  ['sharedEventId', 'capacityPolicy', 'fenceState', 'transitionInProgress', 'showtimes'],
);
