import type { CapacityPolicy } from '../../model';
import { committedBy } from '../rules';
import { type SharedLedgerRow } from '../model';

/**
 * Pure rules of the capacity administration routes (capacity edit, quota edits, policy transition): what the
 * ledger commits per organization and showtime, which new limits it would break, and the seat moves that carry
 * committed sales from the counters of one policy to the other. No store access (repo.ts and the services do that).
 */

export type QuotaMap = Record<string, number>;

/** One ledger document as the transition reads it (reservations and adjustments of the Shared Event). */
const key = (organizationId: string, showtimeId: string) => `${organizationId}|${showtimeId}`;

/**
 * Committed seats per (organization, showtime) over EVERY counter: earlier transitions moved seats between
 * counters with a −x / +x pair for the same organization and showtime, so the sum is the organization's sales.
 */
export function committedByOrganization(entries: readonly SharedLedgerRow[]) {
  const totals = new Map<string, { organizationId: string; showtimeId: string; committed: number }>();
  for (const e of entries) {
    const k = key(e.organizationId, e.showtimeId);
    const row = totals.get(k) ?? { organizationId: e.organizationId, showtimeId: e.showtimeId, committed: 0 };
    row.committed += committedBy(e);
    totals.set(k, row);
  }
  return [...totals.values()];
}

/** Committed seats per (counter, organization): what an adjustment must take off a counter to drain it. */
export function committedOnCounters(entries: readonly SharedLedgerRow[]) {
  const rows = new Map<string, { counterId: string; organizationId: string; showtimeId: string; committed: number }>();
  for (const e of entries) {
    const k = `${e.counterId}|${e.organizationId}`;
    const row = rows.get(k) ?? {
      counterId: e.counterId,
      organizationId: e.organizationId,
      showtimeId: e.showtimeId,
      committed: 0,
    };
    row.committed += committedBy(e);
    rows.set(k, row);
  }
  return rows;
}

export interface NewLimits {
  /** The pool per showtime (pool: the counter capacity; quota: the ceiling the quotas of a showtime sum within). */
  perShowtime?: number;
  /** Quotas per organization (every roster organization, after the request's changes). */
  quotas: Record<string, QuotaMap>;
}

export interface LimitViolation {
  showtimeId: string;
  organizationId?: string;
  committed: number;
  limit: number;
}

/**
 * Where committed sales would exceed the limits of `policy`: pool — the showtime's committed over every
 * organization above perShowtime; quota — an organization's committed above its quota (a missing quota is 0).
 */
export function limitViolations(
  policy: CapacityPolicy,
  limits: NewLimits,
  committed: readonly { organizationId: string; showtimeId: string; committed: number }[],
): LimitViolation[] {
  if (policy === 'quota') {
    return committed
      .filter((c) => c.committed > (limits.quotas[c.organizationId]?.[c.showtimeId] ?? 0))
      .map((c) => ({
        showtimeId: c.showtimeId,
        organizationId: c.organizationId,
        committed: c.committed,
        limit: limits.quotas[c.organizationId]?.[c.showtimeId] ?? 0,
      }));
  }
  const perShowtime = new Map<string, number>();
  for (const c of committed) perShowtime.set(c.showtimeId, (perShowtime.get(c.showtimeId) ?? 0) + c.committed);
  const limit = limits.perShowtime ?? 0;
  return [...perShowtime]
    .filter(([, sum]) => sum > limit)
    .map(([showtimeId, sum]) => ({ showtimeId, committed: sum, limit }));
}

/** Showtimes whose quotas (over every organization) add up to more than the pool ceiling, when there is one. */
export function quotaSumViolations(
  perShowtime: number | undefined,
  quotas: Record<string, QuotaMap>,
  showtimeIds: readonly string[],
): { showtimeId: string; quotaSum: number; capacity: number }[] {
  if (perShowtime === undefined) return [];
  return showtimeIds
    .map((showtimeId) => ({
      showtimeId,
      quotaSum: Object.values(quotas).reduce((n, q) => n + (q[showtimeId] ?? 0), 0),
      capacity: perShowtime,
    }))
    .filter((s) => s.quotaSum > perShowtime);
}

/** A quota patch merged over the stored quotas (showtimes not named keep theirs). */
export const mergeQuotas = (current: QuotaMap | undefined, patch: QuotaMap): QuotaMap => ({ ...current, ...patch });

/** Showtime ids of a quota patch that the Shared Event does not have. */
export const unknownShowtimes = (patch: QuotaMap, showtimeIds: readonly string[]) =>
  Object.keys(patch).filter((id) => !showtimeIds.includes(id));

/** The first organization named twice in a bulk quota body, if any. */
export function duplicateOrganization(entries: readonly { organizationId: string }[]): string | undefined {
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.organizationId)) return e.organizationId;
    seen.add(e.organizationId);
  }
  return undefined;
}

/** A counter whose new capacity would be below what it already holds (reserved + committed). */
export interface Overage {
  counterId: string;
  showtimeId: string;
  organizationId?: string;
  capacity: number;
  reserved: number;
  committed: number;
}

export function overages(
  counters: readonly { id: string; showtimeId: string; organizationId?: string; reserved: number; committed: number }[],
  newCapacity: (counterId: string) => number | undefined,
): Overage[] {
  return counters.flatMap((c) => {
    const capacity = newCapacity(c.id);
    if (capacity === undefined || c.reserved + c.committed <= capacity) return [];
    return [
      {
        counterId: c.id,
        showtimeId: c.showtimeId,
        ...(c.organizationId !== undefined ? { organizationId: c.organizationId } : {}),
        capacity,
        reserved: c.reserved,
        committed: c.committed,
      },
    ];
  });
}

/** The store condition of a guarded capacity set: nothing already held or sold may end up above the new limit. */
export const capacityGuard = (capacity: number) => {
  if (!Number.isInteger(capacity) || capacity < 0) throw new Error(`Invalid capacity ${capacity}`);
  return `c.reserved + c.committed <= ${capacity}`;
};
