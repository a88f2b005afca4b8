import { isoDateTime, nonNegativeInt, object, pageQuery } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { COMMITMENT_STATUSES, type CommitmentStatus } from '../events/model';
import { strings } from '../vocabulary/response-parts';

export const pledgeBody: Schema = object({ sureCount: nonNegativeInt, possibleCount: nonNegativeInt }, [
  'sureCount',
  'possibleCount',
]);
export interface PledgeBody {
  sureCount: number;
  possibleCount: number;
}

export const commitmentBody: Schema = object(
  { status: { type: 'string', enum: [...COMMITMENT_STATUSES] }, deadline: isoDateTime },
  ['status'],
);
export interface CommitmentBody {
  status: CommitmentStatus;
  deadline?: string;
}

export const pledgeListQuery: Schema = object(pageQuery);
export interface PledgeListQuery {
  limit: number;
  continuationToken?: string;
}

/** Response shapes (the mappers): published in OpenAPI and checked by the test harness on every answer. */
const str = { type: 'string' };
const num = { type: 'number' };

export const pledgeItem: Schema = object(
  {
    ...strings(['id', 'organizationId', 'eventId', 'eventName', 'userId', 'userName', 'userEmail']),
    sureCount: num,
    possibleCount: num,
    ...strings(['createdAt', 'updatedAt']),
  },
  [
    ...['id', 'organizationId', 'eventId', 'eventName', 'userId', 'userName', 'userEmail'],
    ...['sureCount', 'possibleCount', 'createdAt', 'updatedAt'],
  ],
);
/** GET my-pledge answers null when the caller has none. */
export const pledgeResponse: Schema = { anyOf: [pledgeItem, { type: 'null' }] };
export const pledgePage: Schema = object({ items: { type: 'array', items: pledgeItem }, continuationToken: str }, [
  'items',
]);
/** `commitmentStatus` is null before a round was ever opened; `conversion` only on the answer to a conversion. */
export const pledgeSummaryResponse: Schema = object(
  {
    commitmentStatus: { enum: [...COMMITMENT_STATUSES, null] },
    commitmentDeadline: str,
    pledgeCount: num,
    totalSure: num,
    totalPossible: num,
    conversion: object({ allocationsCreated: num, skippedExisting: num }, ['allocationsCreated', 'skippedExisting']),
  },
  ['commitmentStatus', 'pledgeCount', 'totalSure', 'totalPossible'],
);
