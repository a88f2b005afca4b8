import { containers } from '../../store/client';
import { patchItem } from '../../store/operations';
import type { Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { Actor } from '../users/actor';
import type { OrderDoc } from '../orders/model';
import { ARCHIVABLE_STATUSES, type ArchiveFacts } from './rules';

/** Every store call of the bulk archive: all inside the organization's partition. */

/** Live, unarchived, terminal orders of the event: the population both the preview and the candidates come from. */
const archivable = (organizationId: string, eventId: string) =>
  inPartition('orgs', organizationId)
    .where("c.docType = 'order'")
    .where('c.eventId = @event', { '@event': eventId })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .where('NOT IS_DEFINED(c.archived) OR c.archived = false')
    .where('ARRAY_CONTAINS(@statuses, c.status)', { '@statuses': [...ARCHIVABLE_STATUSES] });

/** Only the fields the archive rules read, so counting a large event stays cheap. */
const FACT_FIELDS = ['id', 'status', 'invoiceBasis', 'invoicedAt', 'soldByOrganizationId', 'tickets', 'soldQuantity'];

export function archiveFacts(organizationId: string, eventId: string) {
  const fields = [...FACT_FIELDS, 'totalQuantity'].map((f) => `c.${f}`).join(', ');
  return archivable(organizationId, eventId).select(fields).all<ArchiveFacts>();
}

/**
 * One page of candidates with their ETags. The query already leaves out what SQL can decide (a settled order
 * with no basis, or neither an invoice nor a delegated seller); the basis check needs the cents arithmetic.
 */
export function archiveCandidatesPage(
  organizationId: string,
  eventId: string,
  limit: number,
  continuationToken?: string,
) {
  return archivable(organizationId, eventId)
    .where(
      "c.status = 'cancelled' OR (IS_DEFINED(c.invoiceBasis) AND (IS_STRING(c.invoicedAt) OR IS_STRING(c.soldByOrganizationId)))",
    )
    .page<Stored<OrderDoc>>(limit, continuationToken);
}

/** Archives one order only if nobody changed it since it was read (412 otherwise). */
export async function markArchived(organizationId: string, order: Stored<OrderDoc>, actor: Actor) {
  await patchItem(
    containers().orgs,
    organizationId,
    order.id,
    [
      { op: 'set', path: '/archived', value: true },
      { op: 'set', path: '/archivedAt', value: actor.at },
      { op: 'set', path: '/archivedBy', value: actor.id },
      { op: 'set', path: '/updatedAt', value: actor.at },
    ],
    { ifMatch: order._etag },
  );
}
