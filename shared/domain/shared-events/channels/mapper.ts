import { REDACTED_REF, refVisibility, type ChannelReader } from './rules';
import type { ExternalSalesChannel } from '../model';
import type { People } from '../people';

/** A stored channel as `reader` may see it (rule 9), its assigner through `people`; absent optional fields stay absent. */
export function toChannelResponse(channel: ExternalSalesChannel, reader: ChannelReader, people: People) {
  const visibility = refVisibility(reader, channel);
  const ref =
    channel.connectionRef === undefined || visibility === 'removed'
      ? undefined
      : visibility === 'shown'
        ? channel.connectionRef
        : REDACTED_REF;
  return {
    source: channel.source,
    mode: channel.mode,
    responsibleOrgId: channel.responsibleOrgId,
    ...(ref !== undefined ? { connectionRef: ref } : {}),
    status: channel.status,
    assignedBy: people(channel.assignedBy),
    effectiveFrom: channel.effectiveFrom,
  };
}
