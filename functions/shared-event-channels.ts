import { sharedEventScope } from '../shared/auth/scope';
import { defineRoute } from '../shared/http/define-route';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { sharedEventsSwitch } from '../shared/domain/shared-events/capabilities';
import {
  channelListResponse,
  channelResponse,
  putChannelBody,
  type PutChannelBody,
} from '../shared/domain/shared-events/channels/schemas';
import {
  disableChannel,
  getChannel,
  listChannels,
  putChannel,
} from '../shared/domain/shared-events/channels/channel-settings';
import { viewerQuery, type ViewerQuery } from '../shared/domain/shared-events/schemas';

/**
 * Shared Event external sales channels (docs/shared-events.md "reporting, channels, operations", rules 5 and 9). Reads: a member
 * of a live or invited participant, or a Super Admin (`connectionRef` shown, redacted or removed per reader);
 * writes: an Organization Admin of a live participant holding manageExternalSales (owners hold it), or a Super Admin.
 */
const tags = ['shared-events'];
const readers = sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'member', readers: 'liveOrInvited' });
const writeScope = sharedEventScope({
  sharedEventParam: 'sharedEventId',
  role: 'admin',
  capability: 'manageExternalSales',
});

defineRoute<unknown, ViewerQuery>({
  name: 'shared-event-channels-list',
  method: 'GET',
  route: 'shared-events/{sharedEventId}/external-sales-channels',
  scope: readers,
  tags,
  summary:
    "The Shared Event's external sales channels (live participants: connectionRef redacted unless assigned to " +
    'their organization; owners and Super Admins see it; invited organizations: removed)',
  query: viewerQuery,
  response: channelListResponse,
  handler: async ({ principal, grant }) => listChannels(principal, grant),
});

defineRoute<unknown, ViewerQuery>({
  name: 'shared-event-channels-get',
  method: 'GET',
  route: 'shared-events/{sharedEventId}/external-sales-channels/{source}',
  scope: readers,
  tags,
  summary: 'One external sales channel (source externalA or externalB), with the same visibility as the list',
  query: viewerQuery,
  response: channelResponse,
  errors: ['VALIDATION_ERROR'],
  handler: async ({ principal, grant, params }) => getChannel(principal, grant, params.source),
});

defineRoute<PutChannelBody>({
  name: 'shared-event-channels-put',
  method: 'PUT',
  route: 'shared-events/{sharedEventId}/external-sales-channels/{source}',
  scope: writeScope,
  tags,
  summary:
    'Assign or update the channel of a source: mode, the responsible live participant and an optional secret ' +
    'reference (never a credential); idempotent when unchanged',
  gate: sharedEventsSwitch,
  body: putChannelBody,
  response: channelResponse,
  errors: ['RATE_LIMITED', 'CONFLICT'],
  handler: ({ principal, grant, params, body }) => putChannel(principal, grant, params.source, body),
});

defineRoute({
  name: 'shared-event-channels-disable',
  method: 'DELETE',
  route: 'shared-events/{sharedEventId}/external-sales-channels/{source}',
  scope: writeScope,
  tags,
  summary: 'Disable the channel of a source; it keeps its responsible organization (idempotent)',
  gate: sharedEventsSwitch,
  body: emptyBody,
  response: channelResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, params }) => disableChannel(principal, grant, params.source),
});
