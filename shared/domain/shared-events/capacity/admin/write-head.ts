import { conflict } from '../../../../errors';
import { isPreconditionFailed, type Stored } from '../../../../store/outcomes';
import type { AuditAction } from '../../audit/entry';
import { auditEntry } from '../../audit/entry';
import type { SharedEventDoc, SharedEventParticipantDoc } from '../../model';
import { advanceProjections } from '../../projections/sync';
import { getSharedEvent, markProjectionPending, replaceSharedEventWithAudit, rosterOf } from '../../repo';
import { versionOf } from '../../projections/rules';

/**
 * The last step of a capacity change: the head takes the new policy or pool (ETag-guarded, with its audit entry
 * in the same batch). The counters were already moved, so a head changed meanwhile (details, pricing) is re-read
 * and the capacity fields applied again rather than failing. The projections carry `venueCapacity` and
 * `sharedEventLink.capacityPolicy`: the details version is bumped and the same queued propagation as a details
 * PATCH runs (queued first, so a crash leaves the work findable by the heal pass). Without `reapplyOnRace`, a
 * head changed meanwhile answers undefined: the caller repeats its whole step (the pool edit, whose counters
 * must follow the head that finally lands).
 */
export async function writeHead(
  head: Stored<SharedEventDoc>,
  change: (current: SharedEventDoc) => Partial<SharedEventDoc>,
  audit: {
    action: AuditAction;
    actorUserId: string;
    actorOrganizationId?: string;
    operation: string;
    metadata?: Record<string, unknown>;
  },
  roster: readonly Stored<SharedEventParticipantDoc>[],
  options: { reapplyOnRace: boolean } = { reapplyOnRace: true },
): Promise<Stored<SharedEventDoc> | undefined> {
  await Promise.all(
    roster.filter((p) => p.projectionLink).map((p) => markProjectionPending(head.sharedEventId, p.organizationId)),
  );
  let current: Stored<SharedEventDoc> | undefined = head;
  for (let attempt = 0; attempt < 6 && current; attempt += 1) {
    const at = new Date().toISOString();
    const next: Stored<SharedEventDoc> = {
      ...current,
      ...change(current),
      detailsVersion: versionOf(current) + 1,
      updatedAt: at,
    };
    const entry = auditEntry({ sharedEventId: head.sharedEventId, ...audit, at });
    try {
      await replaceSharedEventWithAudit(next, entry);
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      if (!options.reapplyOnRace) return undefined;
      current = await getSharedEvent(head.sharedEventId);
      continue;
    }
    const saved = (await getSharedEvent(head.sharedEventId)) ?? next;
    await advanceProjections(saved, { roster: await rosterOf(head.sharedEventId) });
    return saved;
  }
  throw conflict('The Shared Event kept changing; retry', 'CONFLICT');
}
