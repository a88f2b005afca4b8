import type { CapacityPolicy } from '../../model';
import { counterPolicy, poolCounterId, quotaCounterId, type SharedLedgerRow } from '../model';
import { committedByOrganization, committedOnCounters, type NewLimits } from './rules';

/**
 * Pure rules of the capacity-policy transition (pool <-> quota, docs/decisions/shared-event-capacity-admin.md): the
 * seat moves that carry each organization's committed seats to the target counters, their operation ids, the
 * target capacities, and when an earlier transition's marker still blocks a new one.
 */

/** One adjustment of the transition: a counter's committed moved by `signedDelta` for one organization. */
export interface SeatMove {
  counterId: string;
  showtimeId: string;
  organizationId: string;
  signedDelta: number;
}

/**
 * The seat moves of a transition to `target`: every counter of the other policy is drained to 0 per
 * organization, and each target counter is filled up to the organization's committed total for the showtime
 * (minus what the counter already holds for it, e.g. from a retired counter reopened). Computed from the
 * ledger, so a repeat after a partial run yields only the moves still missing (already-made ones net to 0).
 */
export function transitionMoves(target: CapacityPolicy, entries: readonly SharedLedgerRow[]): SeatMove[] {
  const onCounters = committedOnCounters(entries);
  const moves: SeatMove[] = [];
  for (const row of onCounters.values()) {
    if (counterPolicy(row.counterId) !== target && row.committed !== 0) {
      moves.push({
        counterId: row.counterId,
        showtimeId: row.showtimeId,
        organizationId: row.organizationId,
        signedDelta: -row.committed,
      });
    }
  }
  for (const total of committedByOrganization(entries)) {
    const counterId = targetCounterId(target, total.organizationId, total.showtimeId);
    const already = onCounters.get(`${counterId}|${total.organizationId}`)?.committed ?? 0;
    if (total.committed !== already) {
      moves.push({
        counterId,
        showtimeId: total.showtimeId,
        organizationId: total.organizationId,
        signedDelta: total.committed - already,
      });
    }
  }
  return moves;
}

export const targetCounterId = (policy: CapacityPolicy, organizationId: string, showtimeId: string) =>
  policy === 'pool' ? poolCounterId(showtimeId) : quotaCounterId(organizationId, showtimeId);

/** Deterministic operation id of one seat move: a retry of the same transition records each move once. */
export const seatMoveOperationId = (transition: string, move: Pick<SeatMove, 'counterId' | 'organizationId'>) =>
  `policy:${transition}:${move.counterId}:${move.organizationId}`;

/**
 * The ledger as it stood before the transition `operation` moved any seat: its own seat moves left out. A retry
 * of an interrupted transition computes the same moves from this (the ones already recorded are skipped by their
 * deterministic ids), where the raw ledger would show an organization drained but not yet refilled.
 */
export const withoutSeatMovesOf = (entries: readonly SharedLedgerRow[], operation: string) =>
  entries.filter((e) => !(e.docType === 'capacityAdjustment' && e.operationId?.startsWith(`policy:${operation}:`)));

/**
 * The capacity a target counter opens with: pool — perShowtime; quota — the organization's quota (0 if none).
 */
export function targetCapacity(
  target: CapacityPolicy,
  limits: NewLimits,
  organizationId: string | undefined,
  showtimeId: string,
) {
  if (target === 'pool') return limits.perShowtime ?? 0;
  return limits.quotas[organizationId ?? '']?.[showtimeId] ?? 0;
}

/** A fence marker older than this belongs to a transition that crashed: another request may take it over. */
export const STALE_TRANSITION_MS = 2 * 60_000;

export function transitionMarkerBlocks(
  marker: { operation: string; startedAt: string } | undefined,
  operation: string,
  now: Date,
): boolean {
  if (!marker || marker.operation === operation) return false;
  return now.getTime() - Date.parse(marker.startedAt) < STALE_TRANSITION_MS;
}
