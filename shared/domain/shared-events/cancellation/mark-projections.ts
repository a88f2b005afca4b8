import type { Stored } from '../../../store/outcomes';
import { logError } from '../../../telemetry/telemetry';
import type { EventDoc } from '../../events/model';
import type { SharedEventParticipantDoc } from '../model';
import { getProjectionEvent, replaceProjectionEvent } from '../repo';

/**
 * What a cancellation does to the participants' projections (the local Events `se-{sharedEventId}`): their
 * `sharedEventLink.sharedEventStatus` names the cancellation's state (`cancelling`, then `cancelled`). They are NOT
 * made inactive: an inactive event refuses a sale with 409 CONFLICT before the capacity gate is asked, and docs/shared-events.md
 * answers a frozen Shared Event with 409 CAPACITY_EXCEEDED; the retired counters refuse every capacity-taking write
 * on the projection already. The local sale documents stay as they are: they are the record.
 * Each projection lives in its own organization partition and is written under its ETag; a failure is logged and
 * left for the next advance (or a repeat of the request): the cancellation itself never waits on a projection.
 */
export async function markProjections(
  roster: readonly SharedEventParticipantDoc[],
  status: 'cancelling' | 'cancelled',
  now: string,
): Promise<void> {
  await Promise.all(
    roster
      .filter((p) => p.projectionLink !== undefined)
      .map((p) =>
        markProjection(p.organizationId, p.projectionLink!.eventId, status, now).catch((error: unknown) =>
          logError(error, { step: 'shared-event-cancellation-projection', organizationId: p.organizationId }),
        ),
      ),
  );
}

async function markProjection(organizationId: string, eventId: string, status: string, now: string) {
  const event = await getProjectionEvent(organizationId, eventId);
  if (!event || event.deletedAt) return;
  const link = (event.sharedEventLink ?? {}) as Record<string, unknown>;
  if (link.sharedEventStatus === status) return;
  await replaceProjectionEvent({
    ...event,
    sharedEventLink: { ...link, sharedEventStatus: status },
    updatedAt: now,
  } as Stored<EventDoc>);
}
