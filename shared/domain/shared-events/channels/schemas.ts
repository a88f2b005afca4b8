import { idString, object } from '../../vocabulary/schema-parts';
import type { Schema } from '../../vocabulary/validation';
import { EXTERNAL_CHANNEL_SOURCES, type ExternalSalesChannel } from '../model';

const str: Schema = { type: 'string' };
const mode: Schema = { type: 'string', enum: ['automation', 'manual'] };

/**
 * PUT /api/shared-events/{sharedEventId}/external-sales-channels/{source}: the whole desired channel. The shape
 * of `connectionRef` (a secret reference, never a credential) is checked again in channel-rules.ts.
 */
export const putChannelBody = object(
  { mode, responsibleOrgId: idString, connectionRef: { type: 'string', minLength: 1, maxLength: 300 } },
  ['mode', 'responsibleOrgId'],
);

export interface PutChannelBody {
  mode: ExternalSalesChannel['mode'];
  responsibleOrgId: string;
  connectionRef?: string;
}

/**
 * docs/shared-events.md ExternalSalesChannel as a reader sees it: `connectionRef` is the reference, `[redacted]`, or absent
 * (see channel-rules.ts refVisibility).
 */
export const channelResponse: Schema = object(
  {
    source: { type: 'string', enum: [...EXTERNAL_CHANNEL_SOURCES] },
    mode,
    responsibleOrgId: str,
    connectionRef: str,
    status: { type: 'string', enum: ['active', 'disabled'] },
    assignedBy: str,
    effectiveFrom: str,
  },
  ['source', 'mode', 'responsibleOrgId', 'status', 'assignedBy', 'effectiveFrom'],
);

export const channelListResponse: Schema = object({ items: { type: 'array', items: channelResponse } }, ['items']);
