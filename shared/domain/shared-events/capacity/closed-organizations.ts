import { isPreconditionFailed } from '../../../store/outcomes';
import type { CapacityPolicy } from '../model';
import { ensureFence, readFence, replaceFence } from './repo';

/**
 * The fence's `closedOrganizationIds` hint (model.ts): a roster move that ends an organization's participation
 * (leave, remove) adds it BEFORE the roster entry changes; an admission takes it out AFTER the entry is live again.
 * So whichever write is interrupted, a sale of that organization either finds no hint while its entry is live, or
 * finds the hint and reads the entry, which decides (sale.ts sellingFence): a closed organization never sells.
 */
export async function markOrganizationClosed(sharedEventId: string, organizationId: string, policy: CapacityPolicy) {
  await editClosed(sharedEventId, policy, (ids) => (ids.includes(organizationId) ? ids : [...ids, organizationId]));
}

/** After an admission: the organization's sales stop paying the roster read (best effort; the hint is harmless). */
export async function markOrganizationOpen(sharedEventId: string, organizationId: string) {
  await editClosed(sharedEventId, undefined, (ids) => ids.filter((id) => id !== organizationId));
}

/** With a policy, a missing fence is created (no `headSeenSelling`: no sale saw the head); without one, nothing to edit. */
async function editClosed(
  sharedEventId: string,
  policy: CapacityPolicy | undefined,
  edit: (ids: string[]) => string[],
) {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const fence =
      (await readFence(sharedEventId)) ??
      (policy ? (await ensureFence(sharedEventId, new Date().toISOString(), policy)).doc : undefined);
    if (!fence) return;
    const before = fence.closedOrganizationIds ?? [];
    const after = edit(before);
    if (after.length === before.length && after.every((id, i) => id === before[i])) return;
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
