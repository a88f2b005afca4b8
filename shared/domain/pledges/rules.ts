import { badRequest, conflict } from '../../errors';
import type { CommitmentStatus, EventDoc, TicketType } from '../events/model';

/**
 * The commitment round (docs/decisions/orders.md): none or closed → open; open → closed; closed → converted (final).
 * A passed deadline reads as closed. `null` means the round was never opened.
 */
export type EffectiveCommitment = CommitmentStatus | null;

export function effectiveCommitmentStatus(
  event: Pick<EventDoc, 'commitmentStatus' | 'commitmentDeadline'>,
  now = Date.now(),
): EffectiveCommitment {
  const status = event.commitmentStatus ?? null;
  if (status === 'open' && event.commitmentDeadline && Date.parse(event.commitmentDeadline) <= now) return 'closed';
  return status;
}

const MOVES: Record<CommitmentStatus, EffectiveCommitment[]> = {
  open: [null, 'closed'],
  closed: ['open'],
  converted: ['closed'],
};

/** Refuses any move not in the table with 409; opening needs a deadline in the future, if one is given. */
export function assertCommitmentMove(
  current: EffectiveCommitment,
  target: CommitmentStatus,
  deadline: string | undefined,
  now = Date.now(),
): void {
  if (!MOVES[target].includes(current)) {
    throw conflict(`The commitment round cannot move from ${current ?? 'not started'} to ${target}`);
  }
  if (target === 'open' && deadline !== undefined && Date.parse(deadline) <= now) {
    throw badRequest('The deadline of an open round must be in the future', [
      { path: '/deadline', message: 'must be in the future' },
    ]);
  }
}

/** The ticket type conversion allocates on: the lowest sortOrder (name breaks ties). */
export function firstTicketType(types: TicketType[]): TicketType | undefined {
  return [...types].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))[0];
}

export interface PledgeLike {
  userId: string;
  sureCount: number;
  possibleCount: number;
}

/** Members who get an allocation at conversion: sureCount > 0 and no allocation yet for the event. */
export function conversionPlan(pledges: PledgeLike[], usersWithAllocation: Set<string>) {
  return pledges.filter((p) => p.sureCount > 0 && !usersWithAllocation.has(p.userId));
}

export function pledgeTotals(pledges: PledgeLike[]) {
  return {
    pledgeCount: pledges.length,
    totalSure: pledges.reduce((s, p) => s + p.sureCount, 0),
    totalPossible: pledges.reduce((s, p) => s + p.possibleCount, 0),
  };
}
