import { idString, object } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';

/** Bodies and response shapes of the archive routes (docs/decisions/archive.md "Archive rules"). */
export const setArchivedBody: Schema = object(
  {
    archived: { type: 'boolean' },
    override: object({ confirmed: { type: 'boolean', const: true } }, ['confirmed']),
  },
  ['archived'],
);

export const eventScopeBody: Schema = object({ eventId: idString }, ['eventId']);
export interface EventScopeBody {
  eventId: string;
}

const count = { type: 'integer' };
const blockedCounts = { blockedSettledUninvoiced: count, blockedInvalidInvoiceBasis: count };

export const archivePreviewResponse: Schema = object(
  {
    eventId: { type: 'string' },
    eligibleCount: count,
    statusBreakdown: object({ cancelled: count, settled: count }, ['cancelled', 'settled']),
    ...blockedCounts,
  },
  ['eventId', 'eligibleCount', 'statusBreakdown', 'blockedSettledUninvoiced', 'blockedInvalidInvoiceBasis'],
);

/**
 * The bulk answer: the follow-up counts are null when the count after the batch could not be read; the
 * failure fields only on a 207 (the batch stopped early).
 */
export const bulkArchiveResponse: Schema = object(
  {
    eventId: { type: 'string' },
    processed: count,
    conflicts: count,
    skipped: count,
    remaining: { type: ['integer', 'null'] },
    hasMore: { type: 'boolean' },
    completed: { type: 'boolean' },
    blockedSettledUninvoiced: { type: ['integer', 'null'] },
    blockedInvalidInvoiceBasis: { type: ['integer', 'null'] },
    failureCode: { type: 'string', enum: ['STORE_UNAVAILABLE', 'ARCHIVE_WRITE_FAILED'] },
    failureReason: { type: 'string' },
  },
  [
    ...['eventId', 'processed', 'conflicts', 'skipped', 'remaining', 'hasMore', 'completed'],
    ...['blockedSettledUninvoiced', 'blockedInvalidInvoiceBasis'],
  ],
);
