import type { PatchOperation, SqlQuerySpec } from '@azure/cosmos';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { multiStatus } from '../../http/reply';
import { containers } from '../../store/client';
import { patchItem, queryAll, queryOnePage } from '../../store/operations';
import { isNotFound, isPreconditionFailed, isUnavailable, type Stored } from '../../store/outcomes';
import { getEvent } from '../events/repo';
import type { OrderDoc } from '../orders/model';
import { logError } from '../../telemetry/telemetry';
import { actorOf } from '../orders/access';
import { ARCHIVABLE_STATUSES, isArchiveEligible, previewArchive, type ArchiveFacts } from './rules';

/**
 * Preview and bulk archive for one event (archive rules 1 to 5). Everything stays in the organization's
 * partition: one event read, one candidate query, one ETag-guarded patch per archived order, one follow-up count.
 */
export const BULK_ARCHIVE_LIMIT = 100;

/** Live, unarchived, terminal orders of the event: the population both the preview and the candidates come from. */
function scope(organizationId: string, eventId: string) {
  return {
    where: [
      'c.organizationId = @org',
      "c.docType = 'order'",
      'c.eventId = @event',
      'NOT IS_DEFINED(c.deletedAt)',
      '(NOT IS_DEFINED(c.archived) OR c.archived = false)',
      'ARRAY_CONTAINS(@statuses, c.status)',
    ],
    parameters: [
      { name: '@org', value: organizationId },
      { name: '@event', value: eventId },
      { name: '@statuses', value: [...ARCHIVABLE_STATUSES] },
    ],
  };
}

/** Only the fields the archive rules read, so counting a large event stays cheap. */
const FACT_FIELDS = ['id', 'status', 'invoiceBasis', 'invoicedAt', 'soldByOrganizationId', 'tickets', 'soldQuantity'];

async function previewOf(organizationId: string, eventId: string) {
  const { where, parameters } = scope(organizationId, eventId);
  const fields = [...FACT_FIELDS, 'totalQuantity'].map((f) => `c.${f}`).join(', ');
  const spec: SqlQuerySpec = { query: `SELECT ${fields} FROM c WHERE ${where.join(' AND ')}`, parameters };
  return previewArchive(await queryAll<ArchiveFacts>(containers().orgs, organizationId, spec));
}

/** The event must exist and be live, like on every other event-scoped route. */
async function assertLiveEvent(organizationId: string, eventId: string) {
  const event = await getEvent(organizationId, eventId);
  if (!event || event.deletedAt) throw notFound('Event');
}

export async function previewBulkArchive(organizationId: string, eventId: string) {
  await assertLiveEvent(organizationId, eventId);
  return { eventId, ...(await previewOf(organizationId, eventId)) };
}

/**
 * Up to 100 eligible orders with their ETags. The query already leaves out what SQL can decide (a settled order
 * with no basis, or neither an invoice nor a delegated seller); the basis check needs the cents arithmetic, so an
 * order with an invalid basis is read, counted as skipped and left alone. Pages continue only while invalid-basis
 * orders keep a page short, so they can never starve the orders behind them.
 */
async function loadCandidates(organizationId: string, eventId: string) {
  const { where, parameters } = scope(organizationId, eventId);
  where.push(
    "(c.status = 'cancelled' OR (IS_DEFINED(c.invoiceBasis) AND (IS_STRING(c.invoicedAt) OR IS_STRING(c.soldByOrganizationId))))",
  );
  const spec: SqlQuerySpec = { query: `SELECT * FROM c WHERE ${where.join(' AND ')}`, parameters };
  const eligible: Stored<OrderDoc>[] = [];
  let skipped = 0;
  let continuation: string | undefined;
  do {
    const page = await queryOnePage<Stored<OrderDoc>>(
      containers().orgs,
      organizationId,
      spec,
      BULK_ARCHIVE_LIMIT - eligible.length,
      continuation,
    );
    for (const order of page.items) {
      if (isArchiveEligible(order)) eligible.push(order);
      else skipped += 1;
    }
    continuation = page.sdkContinuation;
  } while (continuation && eligible.length < BULK_ARCHIVE_LIMIT);
  return { eligible, skipped };
}

/** Bounded, fixed failure fields: never a store message. */
function failureOf(error: unknown) {
  return isUnavailable(error)
    ? {
        failureCode: 'STORE_UNAVAILABLE',
        failureReason: 'The store was temporarily unavailable; the batch stopped early',
      }
    : {
        failureCode: 'ARCHIVE_WRITE_FAILED',
        failureReason: 'An archive write failed unexpectedly; the batch stopped early',
      };
}

/**
 * One batch. Writes go one at a time so the counters always describe what is durable: an unexpected failure stops
 * the batch at once; after at least one archive it is a 207 with the counters, before any it is an ordinary error.
 * Never overrides a blocker (the candidates are only eligible orders). Clients must not retry a 207 automatically.
 */
export async function bulkArchive(principal: Principal, organizationId: string, eventId: string) {
  await assertLiveEvent(organizationId, eventId);
  const { eligible, skipped: skippedOnRead } = await loadCandidates(organizationId, eventId);
  const actor = actorOf(principal);
  const changes: PatchOperation[] = [
    { op: 'set', path: '/archived', value: true },
    { op: 'set', path: '/archivedAt', value: actor.at },
    { op: 'set', path: '/archivedBy', value: actor.id },
    { op: 'set', path: '/updatedAt', value: actor.at },
  ];
  let processed = 0;
  let conflicts = 0;
  let skipped = skippedOnRead;
  let failure: unknown;
  for (const order of eligible) {
    try {
      await patchItem(containers().orgs, organizationId, order.id, changes, { ifMatch: order._etag });
      processed += 1;
    } catch (error) {
      if (isPreconditionFailed(error))
        conflicts += 1; // changed meanwhile; the next call decides on it again
      else if (isNotFound(error)) skipped += 1;
      else {
        failure = error;
        break;
      }
    }
  }
  if (failure !== undefined && processed === 0) throw failure;

  const followUp = await previewOf(organizationId, eventId).catch((error: unknown) => {
    logError(error, { operation: 'bulk-archive-follow-up-count' });
    return undefined;
  });
  const result = {
    eventId,
    processed,
    conflicts,
    skipped,
    remaining: followUp ? followUp.eligibleCount : null,
    hasMore: followUp ? followUp.eligibleCount > 0 : true,
    completed: failure === undefined,
    blockedSettledUninvoiced: followUp ? followUp.blockedSettledUninvoiced : null,
    blockedInvalidInvoiceBasis: followUp ? followUp.blockedInvalidInvoiceBasis : null,
  };
  if (failure === undefined) return result;
  logError(failure, { operation: 'bulk-archive', processed: String(processed) });
  return multiStatus({ ...result, ...failureOf(failure) });
}
