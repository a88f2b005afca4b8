import { isPreconditionFailed } from '../../../store/outcomes';
import { LIVE_PARTICIPANT_STATUSES, type CapacityPolicy } from '../model';
import { getParticipant } from '../repo';
import { ensureFence, readFence, replaceFence } from './repo';

/**
 * The fence's `closedOrganizationIds` hint (model.ts): a roster move that ends an organization's participation
 * (leave, remove) adds it BEFORE the roster entry changes, and again AFTER (roster/participants.ts); an admission
 * takes it out AFTER the entry is live again, and only while the entry it reads after the fence is still live. So a
 * sale of that organization either finds no hint while its entry is live, or finds the hint and reads the entry,
 * which decides (sale.ts sellingFence): a closed organization never sells (docs/decisions/shared-event-roster.md).
 */

/**
 * Adds the organization to the hint. Always writes the fence, even when the organization is listed already: the new
 * ETag makes an admission that read the fence earlier fail its replace and read the roster entry again.
 */
export async function markOrganizationClosed(sharedEventId: string, organizationId: string, policy: CapacityPolicy) {
  await editClosed(sharedEventId, policy, async (ids) =>
    ids.includes(organizationId) ? ids : [...ids, organizationId],
  );
}

/**
 * After an admission: the organization's sales stop paying the roster read (best effort; the hint is harmless).
 * The roster entry is read AFTER the fence: a removal that ran in between either changed the fence (this replace
 * fails and is retried) or wrote the entry first (read here: the hint stays).
 */
export async function markOrganizationOpen(sharedEventId: string, organizationId: string) {
  await editClosed(sharedEventId, undefined, async (ids) => {
    if (!ids.includes(organizationId)) return undefined;
    const entry = await getParticipant(sharedEventId, organizationId);
    if (!entry || !LIVE_PARTICIPANT_STATUSES.includes(entry.status)) return undefined;
    return ids.filter((id) => id !== organizationId);
  });
}

/**
 * With a policy, a missing fence is created (no `headSeenSelling`: no sale saw the head); without one, nothing to
 * edit. `edit` answers the new list, or undefined for "leave the fence as it is".
 */
async function editClosed(
  sharedEventId: string,
  policy: CapacityPolicy | undefined,
  edit: (ids: string[]) => Promise<string[] | undefined>,
) {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const fence =
      (await readFence(sharedEventId)) ??
      (policy ? (await ensureFence(sharedEventId, new Date().toISOString(), policy)).doc : undefined);
    if (!fence) return;
    const after = await edit(fence.closedOrganizationIds ?? []);
    if (!after) return;
    const { closedOrganizationIds: _ids, ...rest } = fence;
    try {
      await replaceFence(
        { ...rest, ...(after.length > 0 ? { closedOrganizationIds: after } : {}), updatedAt: new Date().toISOString() },
        fence._etag,
      );
      return;
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
    }
  }
  throw new Error('The capacity fence kept changing');
}
