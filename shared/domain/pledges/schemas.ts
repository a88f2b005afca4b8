import { isoDateTime, nonNegativeInt, object, pageQuery } from '../../http/schema-parts';
import type { Schema } from '../../http/validation';
import { COMMITMENT_STATUSES, type CommitmentStatus } from '../events/model';
import { strings } from '../orders/response-schema';

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

/** Response shapes for the OpenAPI document (documentation only; the mappers are the source of truth). */
const str = { type: 'string' };
const num = { type: 'number' };

const pledgeItem = {
  type: 'object',
  properties: {
    ...strings(['id', 'organizationId', 'eventId', 'eventName', 'userId', 'userName', 'userEmail']),
    sureCount: num,
    possibleCount: num,
    ...strings(['createdAt', 'updatedAt']),
  },
};
/** GET my-pledge answers null when the caller has none. */
export const pledgeResponse: Schema = { ...pledgeItem, type: ['object', 'null'] };
export const pledgePage: Schema = {
  type: 'object',
  properties: { items: { type: 'array', items: pledgeItem }, continuationToken: str },
};
export const pledgeSummaryResponse: Schema = {
  type: 'object',
  properties: {
    commitmentStatus: { enum: [...COMMITMENT_STATUSES, null] },
    commitmentDeadline: str,
    pledgeCount: num,
    totalSure: num,
    totalPossible: num,
    conversion: { type: 'object', properties: { allocationsCreated: num, skippedExisting: num } },
  },
};
