import { isoDateTime, nonNegativeInt, object, orgQuery, pageQuery } from '../../http/schema-parts';
import type { Schema } from '../../http/validation';

export const pledgeBody: Schema = object({ sureCount: nonNegativeInt, possibleCount: nonNegativeInt }, [
  'sureCount',
  'possibleCount',
]);
export interface PledgeBody {
  sureCount: number;
  possibleCount: number;
}

export const commitmentBody: Schema = object(
  { status: { type: 'string', enum: ['open', 'closed', 'converted'] }, deadline: isoDateTime },
  ['status'],
);
export interface CommitmentBody {
  status: 'open' | 'closed' | 'converted';
  deadline?: string;
}

export const pledgeListQuery: Schema = orgQuery(pageQuery);
export interface PledgeListQuery {
  limit: number;
  continuationToken?: string;
}
