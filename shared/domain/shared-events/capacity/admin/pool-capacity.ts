import type { Principal } from '../../../users/principal';
import { conflict, notFound } from '../../../../errors';
import { counterPolicy, poolCounterId } from '../model';
import { getSharedEvent } from '../../repo';
import { applyCapacities } from './apply-capacities';
import { writeHead } from './write-head';
import { capacityDocuments } from './repo';
import { overages, quotaSumViolations } from './rules';
import type { PoolCapacityBody } from './schemas';
import { assertCapacityEditable, capacityViewOf, operationOf } from './capacity-view';

/**
 * PATCH …/capacity (Super Admin): the pool per showtime. Pool mode: every showtime's pool counter takes the new
 * capacity through a guarded patch (409 naming the showtimes that already hold more; compensated, head
 * unchanged), then the head. Quota mode: the value is the ceiling the quotas of a showtime sum within (409 when
 * they already add up to more); no counter changes. Counters first, head last: a crash in between leaves the
 * counters at the new value and the head at the old one, and repeating the request finishes it.
 */
export async function editPoolCapacity(principal: Principal, sharedEventId: string, body: PoolCapacityBody) {
  // A head changed meanwhile (another edit, a details PATCH): the whole step again, so the counters follow the
  // value that finally lands on the head.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const saved = await attemptEdit(principal, sharedEventId, body.perShowtime);
    if (saved) return capacityViewOf(saved, 'all');
  }
  throw conflict('The Shared Event kept changing; retry', 'CONFLICT');
}

async function attemptEdit(principal: Principal, sharedEventId: string, perShowtime: number) {
  const head = await getSharedEvent(sharedEventId);
  if (!head) throw notFound('Shared Event');
  const { roster, counters, fence } = await capacityDocuments(sharedEventId);
  const operation = operationOf(head);
  assertCapacityEditable(head, fence);
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  const policy = fence?.capacityPolicy ?? head.capacityPolicy;
  if (policy === 'quota') {
    const quotas = Object.fromEntries(roster.map((p) => [p.organizationId, p.quotaByShowtime ?? {}]));
    const over = quotaSumViolations(perShowtime, quotas, showtimeIds);
    if (over.length > 0) {
      throw conflict('The quotas of a showtime already add up to more than this capacity', 'CONFLICT', {
        showtimes: over,
      });
    }
  } else {
    const pool = counters.filter((c) => counterPolicy(c.id) === 'pool');
    const over = overages(pool, () => perShowtime);
    if (over.length > 0) {
      throw conflict('The new capacity is below what is already reserved or sold', 'CONFLICT', {
        showtimes: over.map(({ counterId: _c, ...rest }) => rest),
      });
    }
    const previous = head.sharedCapacity?.perShowtime ?? 0;
    await applyCapacities(
      sharedEventId,
      showtimeIds.map((showtimeId) => ({
        counterId: poolCounterId(showtimeId),
        showtimeId,
        capacity: perShowtime,
        startingCapacity: previous,
      })),
      new Map(pool.map((c) => [c.id, c])),
      new Date().toISOString(),
    );
  }
  return writeHead(
    head,
    () => ({ sharedCapacity: { perShowtime } }),
    {
      action: 'capacity.edited',
      actorUserId: principal.userId,
      operation,
      metadata: { perShowtime, previous: head.sharedCapacity?.perShowtime ?? null, capacityPolicy: policy },
    },
    roster,
    { reapplyOnRace: false },
  );
}
