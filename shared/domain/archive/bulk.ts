import type { Principal } from '../users/principal';
import { isNotFound, isPreconditionFailed, isUnavailable, type Stored } from '../../store/outcomes';
import { requireLiveEvent } from '../events/live-event';
import type { OrderDoc } from '../orders/model';
import { logError } from '../../telemetry/telemetry';
import { actorOf } from '../users/actor';
import { archiveCandidatesPage, archiveFacts, markArchived } from './repo';
import { isArchiveEligible, previewArchive } from './rules';

/**
 * Preview and bulk archive for one event (archive rules 1 to 5). Everything stays in the organization's
 * partition: one event read, one candidate query, one ETag-guarded patch per archived order, one follow-up count.
 */
export const BULK_ARCHIVE_LIMIT = 100;

async function previewOf(organizationId: string, eventId: string) {
  return previewArchive(await archiveFacts(organizationId, eventId));
}

export async function previewBulkArchive(organizationId: string, eventId: string) {
  await requireLiveEvent(organizationId, eventId);
  return { eventId, ...(await previewOf(organizationId, eventId)) };
}

/**
 * Up to 100 eligible orders with their ETags. The query already leaves out what SQL can decide (a settled order
 * with no basis, or neither an invoice nor a delegated seller); the basis check needs the cents arithmetic, so an
 * order with an invalid basis is read, counted as skipped and left alone. Pages continue only while invalid-basis
 * orders keep a page short, so they can never starve the orders behind them.
 */
async function loadCandidates(organizationId: string, eventId: string) {
  const eligible: Stored<OrderDoc>[] = [];
  let skipped = 0;
  let continuation: string | undefined;
  do {
    const page = await archiveCandidatesPage(
      organizationId,
      eventId,
      BULK_ARCHIVE_LIMIT - eligible.length,
      continuation,
    );
    for (const order of page.items) {
      if (isArchiveEligible(order)) eligible.push(order);
      else skipped += 1;
    }
    continuation = page.continuationToken;
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
  await requireLiveEvent(organizationId, eventId);
  const { eligible, skipped: skippedOnRead } = await loadCandidates(organizationId, eventId);
  const actor = actorOf(principal);
  let processed = 0;
  let conflicts = 0;
  let skipped = skippedOnRead;
  let failure: unknown;
  for (const order of eligible) {
    try {
      await markArchived(organizationId, order, actor);
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
  // `completed: false`: the route answers 207 (partial success).
  return { ...result, ...failureOf(failure) };
}
