import { badRequest, conflict } from '../../../../errors';
import { LIVE_PARTICIPANT_STATUSES, type CapacityPolicy, type SharedEventDoc } from '../../model';
import { committedByOrganization, limitViolations, mergeQuotas, quotaSumViolations, type NewLimits } from './rules';
import { targetCapacity, targetCounterId } from './transition-rules';
import { type SharedLedgerRow } from '../model';
import type { CapacityPolicyBody } from './schemas';

/**
 * What a capacity-policy transition aims at, as pure functions: the limits after the request, the refusal when
 * committed sales would not fit them, and the counters the target policy needs.
 */

/** The limits after the request: the body's pool and quotas over the stored ones (every roster organization). */
export function newLimits(
  head: SharedEventDoc,
  roster: { organizationId: string; quotaByShowtime?: Record<string, number> }[],
  body: CapacityPolicyBody,
  target: CapacityPolicy,
): NewLimits {
  const onRoster = new Set(roster.map((p) => p.organizationId));
  const missing = (body.quotas ?? []).filter((e) => !onRoster.has(e.organizationId)).map((e) => e.organizationId);
  if (missing.length > 0) {
    throw conflict('Not on the roster of this Shared Event', 'CONFLICT', { organizationIds: missing });
  }
  const perShowtime = body.perShowtime ?? head.sharedCapacity?.perShowtime;
  if (target === 'pool' && perShowtime === undefined) {
    throw badRequest('perShowtime is required: this Shared Event has no pool capacity yet', [
      { path: '/perShowtime', message: 'required' },
    ]);
  }
  const quotas = Object.fromEntries(roster.map((p) => [p.organizationId, p.quotaByShowtime ?? {}]));
  for (const e of body.quotas ?? [])
    quotas[e.organizationId] = mergeQuotas(quotas[e.organizationId], e.quotaByShowtime);
  return { ...(perShowtime !== undefined ? { perShowtime } : {}), quotas };
}

/** 409 when committed sales would exceed a new limit, or (quota) the quotas of a showtime exceed the pool ceiling. */
export function refuseViolations(
  target: CapacityPolicy,
  limits: NewLimits,
  ledger: SharedLedgerRow[],
  showtimeIds: string[],
) {
  const violations = limitViolations(target, limits, committedByOrganization(ledger));
  if (violations.length > 0) {
    throw conflict('Committed sales would exceed the new capacity limits', 'CONFLICT', { violations });
  }
  if (target === 'quota') {
    const sums = quotaSumViolations(limits.perShowtime, limits.quotas, showtimeIds);
    if (sums.length > 0) {
      throw conflict('The quotas of a showtime would add up to more than its capacity', 'CONFLICT', {
        showtimes: sums,
      });
    }
  }
}

/**
 * The counters a policy needs: pool — one per showtime; quota — one per showtime for every live organization
 * and every organization with committed sales (its seats need a home even after it left).
 */
export function wantedCounters(
  policy: CapacityPolicy,
  head: SharedEventDoc,
  roster: { organizationId: string; status: string }[],
  limits: NewLimits,
  ledger: SharedLedgerRow[],
): { counterId: string; showtimeId: string; organizationId?: string; capacity: number }[] {
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  if (policy === 'pool') {
    return showtimeIds.map((s) => ({
      counterId: targetCounterId('pool', '', s),
      showtimeId: s,
      capacity: targetCapacity('pool', limits, undefined, s),
    }));
  }
  const selling = new Set(
    committedByOrganization(ledger)
      .filter((c) => c.committed !== 0)
      .map((c) => c.organizationId),
  );
  const organizations = roster
    .filter((p) => (LIVE_PARTICIPANT_STATUSES as readonly string[]).includes(p.status) || selling.has(p.organizationId))
    .map((p) => p.organizationId);
  for (const org of selling) if (!organizations.includes(org)) organizations.push(org);
  return organizations.flatMap((org) =>
    showtimeIds.map((s) => ({
      counterId: targetCounterId('quota', org, s),
      showtimeId: s,
      organizationId: org,
      capacity: targetCapacity('quota', limits, org, s),
    })),
  );
}
