import { object } from '../vocabulary/schema-parts';
import { text } from '../vocabulary/response-parts';
import type { Schema } from '../vocabulary/validation';
import { organizationSearchAcrossPartitions } from './repo';

/**
 * GET /api/shared-event-organizations/search (Super Admin; docs/shared-events.md): organizations whose name contains `q`
 * (trimmed, 2 to 100 characters, case-insensitive), by name, at most `limit` (default 20, maximum 50; no
 * continuation: a picker narrows its text instead). `purpose` `sharedEvent` (default) leaves out selling
 * partners, `delegatedSales` includes them; any other value is a 400 from the schema. Results are `{ id, name }`
 * only: the mode is never returned. A failed query is the route's error, never an unfiltered page.
 */
export const ORGANIZATION_SEARCH_PURPOSES = ['sharedEvent', 'delegatedSales'] as const;
export type OrganizationSearchPurpose = (typeof ORGANIZATION_SEARCH_PURPOSES)[number];

export const organizationSearchQuery: Schema = object(
  {
    q: { type: 'string', minLength: 2, maxLength: 100, pattern: '\\S.*\\S' },
    purpose: { type: 'string', enum: [...ORGANIZATION_SEARCH_PURPOSES], default: 'sharedEvent' },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
  },
  ['q'],
);
export interface OrganizationSearchQuery {
  q: string;
  purpose: OrganizationSearchPurpose;
  limit: number;
}

export const organizationSearchResponse: Schema = object(
  { items: { type: 'array', items: object({ id: text, name: text }, ['id', 'name']) } },
  ['items'],
);

export async function searchOrganizations(query: OrganizationSearchQuery) {
  const rows = await organizationSearchAcrossPartitions(query.q.trim(), query.purpose === 'sharedEvent', query.limit);
  return { items: rows.map((r) => ({ id: r.id, name: r.name })) };
}
