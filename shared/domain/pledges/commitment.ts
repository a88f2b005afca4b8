import type { Principal } from '../users/principal';
import { isConflict } from '../../store/outcomes';
import type { EventDoc } from '../events/model';
import { saveEvent } from '../events/repo';
import { retryOnContention } from '../vocabulary/contention';
import { allocationId, type AllocationDoc } from '../allocations/model';
import { allocatedUserIds, createAllocation } from '../allocations/repo';
import { eventPledges } from './repo';
import { assertCommitmentMove, conversionPlan, effectiveCommitmentStatus, firstTicketType } from './rules';
import type { CommitmentBody } from './schemas';
import { liveEvent, pledgeSummary } from './manage-pledges';

/**
 * PUT management/events/{eventId}/commitment: open, close or convert the round. Converting first creates the
 * allocations (deterministic ids, so a retried conversion skips what exists), then records `converted` on the
 * event under its ETag; a failure in between leaves the round closed and the conversion can simply be repeated.
 */
export async function setCommitment(
  principal: Principal,
  organizationId: string,
  eventId: string,
  body: CommitmentBody,
) {
  // Counted over every attempt: an attempt that lost the event's ETag race has already created its allocations.
  let allocationsCreated = 0;
  let surePledges = 0;
  await retryOnContention(async () => {
    const event = await liveEvent(organizationId, eventId);
    assertCommitmentMove(effectiveCommitmentStatus(event), body.status, body.deadline);
    if (body.status === 'converted') {
      const round = await convertPledges(principal, event);
      allocationsCreated += round.created;
      surePledges = round.surePledges;
    }
    const next: EventDoc = { ...event, commitmentStatus: body.status };
    // Stored in UTC like every timestamp (docs/api.md), whatever offset the request used.
    const deadline = body.deadline !== undefined ? new Date(body.deadline).toISOString() : undefined;
    // Reopening drops a passed deadline unless a new one is given.
    if (body.status === 'open') delete next.commitmentDeadline;
    if (deadline !== undefined) next.commitmentDeadline = deadline;
    await saveEvent({ ...next, _etag: event._etag });
  });
  const summary = await pledgeSummary(organizationId, eventId);
  if (body.status !== 'converted') return summary;
  return { ...summary, conversion: { allocationsCreated, skippedExisting: surePledges - allocationsCreated } };
}

/** Every member with sureCount > 0 and no allocation yet for the event gets sureCount on the first ticket type. */
async function convertPledges(principal: Principal, event: EventDoc) {
  const type = firstTicketType(event.ticketTypes);
  const [pledges, existing] = await Promise.all([
    eventPledges(event.organizationId, event.id),
    allocatedUserIds(event.organizationId, event.id),
  ]);
  const plan = type ? conversionPlan(pledges, new Set(existing.map((a) => a.userId))) : [];
  let allocationsCreated = 0;
  const now = new Date().toISOString();
  for (const pledge of plan) {
    const allocation: AllocationDoc = {
      id: allocationId(event.id, undefined, pledge.userId),
      docType: 'allocation',
      organizationId: event.organizationId,
      eventId: event.id,
      userId: pledge.userId,
      items: [{ ticketTypeId: type!.id, ticketTypeName: type!.name, allocated: pledge.sureCount }],
      createdAt: now,
      createdBy: principal.userId,
      updatedAt: now,
      updatedBy: principal.userId,
    };
    try {
      await createAllocation(allocation);
      allocationsCreated += 1;
    } catch (error) {
      if (!isConflict(error)) throw error; // created by an earlier attempt or by a manager meanwhile
    }
  }
  return { created: allocationsCreated, surePledges: pledges.filter((p) => p.sureCount > 0).length };
}
