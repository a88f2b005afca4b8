import { startingCapacity } from '../rules';
import type { CapacityPolicy, SharedEventDoc, SharedEventParticipantDoc } from '../../model';
import { LIVE_PARTICIPANT_STATUSES } from '../../model';
import {
  poolCounterId,
  quotaCounterId,
  type CounterHealth,
  type FenceState,
  type SharedCapacityCounterDoc,
} from '../model';

/**
 * GET …/capacity (our shape, docs/decisions/shared-event-capacity-admin.md): one line per showtime and, in quota
 * mode, one line per organization and showtime. A counter not created yet (they are created on the first sale)
 * reads as its starting capacity with nothing reserved or committed and health `ok`.
 */

export interface CapacityLine {
  showtimeId: string;
  capacity: number;
  reserved: number;
  committed: number;
  available: number;
  health: CounterHealth;
}
export type QuotaLine = Omit<CapacityLine, 'capacity'> & { quota: number };

export interface CapacityView {
  sharedEventId: string;
  capacityPolicy: CapacityPolicy;
  fenceState: FenceState;
  sharedCapacity?: { perShowtime: number };
  /** A policy transition holds the fence (sales are frozen until it completes or is rolled back). */
  transitionInProgress: boolean;
  showtimes: CapacityLine[];
  organizations?: { organizationId: string; showtimes: QuotaLine[] }[];
}

export interface ViewInput {
  head: SharedEventDoc;
  roster: readonly SharedEventParticipantDoc[];
  counters: readonly SharedCapacityCounterDoc[];
  fence?: { state: FenceState; capacityPolicy: CapacityPolicy; transition?: unknown };
  /** Every organization's line (owners, manageCapacity holders, Super Admin) or only this organization's. */
  visibleOrganization: 'all' | string;
}

const line = (showtimeId: string, capacity: number, counter?: SharedCapacityCounterDoc): CapacityLine => {
  const reserved = counter?.reserved ?? 0;
  const committed = counter?.committed ?? 0;
  const cap = counter?.capacity ?? capacity;
  return {
    showtimeId,
    capacity: cap,
    reserved,
    committed,
    available: Math.max(0, cap - reserved - committed),
    health: counter?.health ?? 'ok',
  };
};

/** The showtime's health over its organizations' counters: the most serious finding wins. */
function combinedHealth(healths: CounterHealth[]): CounterHealth {
  for (const h of ['overbooked', 'reconciling'] as const) if (healths.includes(h)) return h;
  return healths.length > 0 && healths.every((h) => h === 'retired') ? 'retired' : 'ok';
}

export function toCapacityView(input: ViewInput): CapacityView {
  const { head, roster, fence } = input;
  const policy = fence?.capacityPolicy ?? head.capacityPolicy;
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  const byId = new Map(input.counters.map((c) => [c.id, c]));
  const base = {
    sharedEventId: head.sharedEventId,
    capacityPolicy: policy,
    fenceState: fence?.state ?? 'open',
    ...(head.sharedCapacity ? { sharedCapacity: { perShowtime: head.sharedCapacity.perShowtime } } : {}),
    transitionInProgress: fence?.transition !== undefined,
  };
  if (policy === 'pool') {
    const pool = (s: string) => startingCapacity({ showtimeId: s }, head.sharedCapacity?.perShowtime, undefined);
    return { ...base, showtimes: showtimeIds.map((s) => line(s, pool(s), byId.get(poolCounterId(s)))) };
  }
  const organizations = roster
    .filter(
      (p) =>
        LIVE_PARTICIPANT_STATUSES.includes(p.status) ||
        showtimeIds.some((s) => byId.has(quotaCounterId(p.organizationId, s))),
    )
    .sort((a, b) => a.organizationId.localeCompare(b.organizationId))
    .map((p) => ({
      organizationId: p.organizationId,
      showtimes: showtimeIds.map((s) => {
        const quota = startingCapacity(
          { showtimeId: s, organizationId: p.organizationId },
          undefined,
          p.quotaByShowtime,
        );
        const { capacity, ...rest } = line(s, quota, byId.get(quotaCounterId(p.organizationId, s)));
        return { ...rest, quota: capacity };
      }),
    }));
  const showtimes = showtimeIds.map((showtimeId, i) => {
    const rows = organizations.map((o) => o.showtimes[i]);
    const sum = (pick: (r: QuotaLine) => number) => rows.reduce((n, r) => n + pick(r), 0);
    return {
      showtimeId,
      capacity: sum((r) => r.quota),
      reserved: sum((r) => r.reserved),
      committed: sum((r) => r.committed),
      available: sum((r) => r.available),
      health: combinedHealth(rows.map((r) => r.health)),
    };
  });
  const visible =
    input.visibleOrganization === 'all'
      ? organizations
      : organizations.filter((o) => o.organizationId === input.visibleOrganization);
  return { ...base, showtimes, organizations: visible };
}
