import { storedSharedEventDocuments } from './shared-events';
import { newSharedCounter } from '../../../shared/domain/shared-events/capacity/model';
import { ensureCounter, moveCounter } from '../../../shared/domain/shared-events/capacity/repo';
import { containers } from '../../../shared/store/client';
import { createItem, replaceItem } from '../../../shared/store/operations';
import { type Doc } from './store-access';

/** Shared Event capacity: time passing and counter drift. */

const CAPACITY_DOC_TYPES = ['sharedCapacityCounter', 'capacityReservation', 'capacityAdjustment'];
const earlier = (at: unknown, ageMs: number) =>
  typeof at === 'string' ? new Date(Date.parse(at) - ageMs).toISOString() : at;

/**
 * "Time passes" for a Shared Event's capacity: every timestamp of its counters, reservations and adjustments
 * (`updatedAt`, `createdAt`, a hold's `expiresAt`) moved `ageMs` into the past, as if its requests had happened
 * that long ago (a hold expires, a counter becomes quiet). Only the documents named in `ids`, when given.
 */
export async function backdateSharedCapacity(sharedEventId: string, ageMs: number, ids?: string[]): Promise<void> {
  for (const docType of CAPACITY_DOC_TYPES) {
    for (const doc of await storedSharedEventDocuments<Doc & { id: string; _etag: string }>(sharedEventId, docType)) {
      if (ids && !ids.includes(doc.id)) continue;
      const moved = { ...doc };
      for (const field of ['updatedAt', 'createdAt', 'expiresAt'])
        if (field in doc) moved[field] = earlier(doc[field], ageMs);
      await replaceItem(containers().sharedEvents, sharedEventId, moved, doc._etag);
    }
  }
}

/**
 * A Shared Event counter moved with no ledger entry behind it (what a reserve that crashed between its counter move
 * and its reservation leaves, or a lost adjustment), through the engine's own conditional increment, stamped now.
 */
export const seedSharedCounterDrift = (
  sharedEventId: string,
  counterId: string,
  increments: { reserved?: number; committed?: number },
) => moveCounter(sharedEventId, counterId, { increments }, new Date().toISOString());

/** A pool counter holding `committed` seats, as a sale made before drafts refused sales left it (issue 22). */
export async function seedSharedPoolSales(
  sharedEventId: string,
  showtimeId: string,
  capacity: number,
  committed: number,
) {
  const now = new Date().toISOString();
  const counterId = `pool:${showtimeId}`;
  await ensureCounter(newSharedCounter({ sharedEventId, counterId, showtimeId, capacity, now }));
  await moveCounter(sharedEventId, counterId, { increments: { committed } }, now);
}

/**
 * A capacity fence as code older than issue 22 wrote it (a first sale on a draft, a policy transition, a roster move):
 * open, with neither hint flag, so nothing on it says whether a sale ever saw the Shared Event head selling.
 */
export async function seedFenceWithoutHeadFlag(sharedEventId: string, capacityPolicy: 'pool' | 'quota' = 'pool') {
  await createItem(containers().sharedEvents, {
    id: `fence:${sharedEventId}`,
    docType: 'capacityFence',
    sharedEventId,
    state: 'open',
    capacityPolicy,
    schemaVersion: 1,
    updatedAt: new Date().toISOString(),
  });
}
