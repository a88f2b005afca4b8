import type { SharedEventAccess } from '../access';
import type { Principal } from '../../users/principal';
import { badRequest, conflict, notFound } from '../../../errors';
import { isPreconditionFailed, withEtagRetry, type Stored } from '../../../store/outcomes';
import { auditEntry } from '../audit/entry';
import { gateActingOrganization } from '../capabilities';
import { toChannelResponse } from './mapper';
import { peopleOfAccess } from '../people';
import {
  assignedChannel,
  channelOf,
  channelOutcome,
  connectionRefProblem,
  disabledChannel,
  isChannelSource,
  withChannel,
  type ChannelReader,
} from './rules';
import type { PutChannelBody } from './schemas';
import type { ExternalChannelSource, ExternalSalesChannel, SharedEventDoc } from '../model';
import { getParticipant, getSharedEvent, replaceSharedEventWithAudit } from '../repo';
import { isChangeable, isLive } from '../rules';

/**
 * External sales channels of a Shared Event (docs/decisions/shared-event-channels.md,
 * rules 5 and 9): at most one per source, kept in the head's `externalChannels[]`; every change replaces the head
 * under its ETag together with one audit entry (one batch), retried on a lost race.
 */

/** The path's `{source}`: externalA or externalB, anything else is bad input (400). */
export function channelSource(raw: string | undefined): ExternalChannelSource {
  if (raw && isChannelSource(raw)) return raw;
  throw badRequest('source must be externalA or externalB', [
    { path: '/source', message: 'must be externalA or externalB' },
  ]);
}

/**
 * Who reads, as the Shared Event scope with `readers` admitted them (like GET /api/shared-events/{id}): a Super
 * Admin with or without an organization; a member of a live participant (the owner sees more) or of an invited one.
 */
function readerOf(principal: Principal, access: SharedEventAccess): ChannelReader {
  if (principal.isSuperAdmin) return { kind: 'superAdmin' };
  const organizationId = access.organizationId!;
  if (access.participant && isLive(access.participant.status)) {
    return { kind: access.owners.some((o) => o.userId === principal.userId) ? 'owner' : 'participant', organizationId };
  }
  return { kind: 'invited', organizationId };
}

/** GET …/external-sales-channels: every channel (active and disabled), as the reader may see it. */
export function listChannels(principal: Principal, access: SharedEventAccess) {
  const reader = readerOf(principal, access);
  return {
    items: (access.sharedEvent.externalChannels ?? []).map((c) =>
      toChannelResponse(c, reader, peopleOfAccess(principal, access)),
    ),
  };
}

/** GET …/external-sales-channels/{source}: one channel; a source never assigned is 404. */
export function getChannel(principal: Principal, access: SharedEventAccess, rawSource: string) {
  const channel = channelOf(access.sharedEvent, channelSource(rawSource));
  if (!channel) throw notFound('External sales channel');
  return toChannelResponse(channel, readerOf(principal, access), peopleOfAccess(principal, access));
}

/** The writer as a reader: the response of a write follows the same redaction as a read. */
function writerAsReader(principal: Principal, access: SharedEventAccess): ChannelReader {
  if (principal.isSuperAdmin) return { kind: 'superAdmin' };
  const organizationId = access.organizationId!;
  return access.owners.some((o) => o.userId === principal.userId)
    ? { kind: 'owner', organizationId }
    : { kind: 'participant', organizationId };
}

/**
 * PUT …/external-sales-channels/{source} (manageExternalSales, Organization Admin): assign or update. The source
 * and the reference are checked, then the switch, allowlist and bucket of the acting organization (channels are
 * neither creating nor joining: the mode is not read), then the responsible organization (one roster point read).
 * The same values on an active channel write nothing and record nothing.
 */
export async function putChannel(
  principal: Principal,
  access: SharedEventAccess,
  rawSource: string,
  body: PutChannelBody,
) {
  const source = channelSource(rawSource);
  if (body.connectionRef !== undefined) {
    const problem = connectionRefProblem(body.connectionRef);
    if (problem) throw badRequest(`connectionRef ${problem}`, [{ path: '/connectionRef', message: problem }]);
  }
  await gateActingOrganization(access.organizationId);
  if (!isChangeable(access.sharedEvent.status)) {
    throw conflict(`A ${access.sharedEvent.status} Shared Event's channels cannot be assigned`, 'CONFLICT', {
      status: access.sharedEvent.status,
    });
  }
  const responsible = await getParticipant(access.sharedEventId, body.responsibleOrgId);
  if (!responsible) {
    throw badRequest('responsibleOrgId must be a participant of the Shared Event', [
      { path: '/responsibleOrgId', message: 'is not a participant of this Shared Event' },
    ]);
  }
  if (!isLive(responsible.status)) {
    throw conflict('The responsible organization must be an active participant', 'CONFLICT', {
      responsibleOrgId: body.responsibleOrgId,
      participantStatus: responsible.status,
    });
  }
  const reader = writerAsReader(principal, access);
  const people = peopleOfAccess(principal, access);
  let head: Stored<SharedEventDoc> = access.sharedEvent;
  return withEtagRetry(async () => {
    const existing = channelOf(head, source);
    const outcome = channelOutcome(existing, body);
    if (outcome === 'unchanged') return toChannelResponse(existing!, reader, people);
    const now = new Date().toISOString();
    const channel = assignedChannel(source, body, principal.userId, now);
    await writeChannel(principal, access, head, channel, existing, {
      action: outcome === 'assigned' ? 'externalChannel.assigned' : 'externalChannel.updated',
      now,
    }).catch(async (error) => {
      if (isPreconditionFailed(error)) head = await freshHead(head.sharedEventId);
      throw error;
    });
    return toChannelResponse(channel, reader, people);
  });
}

/**
 * DELETE …/external-sales-channels/{source}: disable, keeping the responsible organization and when it was
 * assigned (history keeps attribution). Disabling a disabled channel writes nothing; a source never assigned is 404.
 */
export async function disableChannel(principal: Principal, access: SharedEventAccess, rawSource: string) {
  const source = channelSource(rawSource);
  await gateActingOrganization(access.organizationId);
  const reader = writerAsReader(principal, access);
  const people = peopleOfAccess(principal, access);
  let head: Stored<SharedEventDoc> = access.sharedEvent;
  return withEtagRetry(async () => {
    const existing = channelOf(head, source);
    if (!existing) throw notFound('External sales channel');
    if (existing.status === 'disabled') return toChannelResponse(existing, reader, people);
    const channel = disabledChannel(existing);
    const now = new Date().toISOString();
    await writeChannel(principal, access, head, channel, existing, { action: 'externalChannel.disabled', now }).catch(
      async (error) => {
        if (isPreconditionFailed(error)) head = await freshHead(head.sharedEventId);
        throw error;
      },
    );
    return toChannelResponse(channel, reader, people);
  });
}

/**
 * The head with the channel in place, and its audit entry, in one batch. The entry's operation is the head's ETag
 * it replaces: a retried batch that already landed is one entry. Metadata (never shown) keeps the previous values,
 * without the references themselves.
 */
function writeChannel(
  principal: Principal,
  access: SharedEventAccess,
  head: Stored<SharedEventDoc>,
  channel: ExternalSalesChannel,
  previous: ExternalSalesChannel | undefined,
  change: { action: 'externalChannel.assigned' | 'externalChannel.updated' | 'externalChannel.disabled'; now: string },
) {
  const summary = (c: ExternalSalesChannel) => ({
    mode: c.mode,
    responsibleOrgId: c.responsibleOrgId,
    status: c.status,
    hasConnectionRef: c.connectionRef !== undefined,
  });
  const entry = auditEntry({
    sharedEventId: head.sharedEventId,
    action: change.action,
    actorUserId: principal.userId,
    ...(access.organizationId ? { actorOrganizationId: access.organizationId } : {}),
    targetOrganizationId: channel.responsibleOrgId,
    operation: `${channel.source}|${head._etag}`,
    metadata: { source: channel.source, ...summary(channel), ...(previous ? { previous: summary(previous) } : {}) },
    at: change.now,
  });
  const externalChannels = withChannel(head.externalChannels ?? [], channel);
  return replaceSharedEventWithAudit({ ...head, externalChannels, updatedAt: change.now }, entry);
}

async function freshHead(sharedEventId: string): Promise<Stored<SharedEventDoc>> {
  const head = await getSharedEvent(sharedEventId);
  if (!head) throw notFound('Shared Event');
  return head;
}
