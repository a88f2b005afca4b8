import { withEtagRetry, type Stored } from '../../store/outcomes';
import { logError } from '../../telemetry/telemetry';
import type { OrganizationDoc } from '../organizations/model';
import { getOrganization } from '../organizations/repo';
import type { SalesDelegation } from '../events/sales-delegations/model';
import {
  delegatedEventRef,
  getDelegatingEvent,
  saveDelegatedEventRef,
  saveOwnerDelegation,
  type DelegatingEvent,
} from './repo';
import { indexUpdate, needsReverseIndexSync, refOf } from './rules';

/**
 * The partner's display index (`Organization.delegatedEventSales[]`), kept after the owner's delegation, which
 * stays the only authority. A transition is first written on the owner's event with `reverseIndexSyncStatus:
 * pending` (rules.beginTransition); `syncReverseIndex` then writes the partner's entry under the organization's
 * ETag, never over a newer transition, and records the outcome on the delegation (`synced`, or `failed` with the
 * attempt counted). A failure here never fails the request that made the transition: the list route and the heal
 * timer retry it with the same operation id.
 */

export interface ReverseIndexSync {
  status: SalesDelegation['reverseIndexSyncStatus'];
  operationId?: string;
  transitionVersion?: number;
}

export const reverseIndexSyncOf = (d: SalesDelegation): ReverseIndexSync => ({
  status: d.reverseIndexSyncStatus,
  ...(d.reverseIndexOperationId !== undefined ? { operationId: d.reverseIndexOperationId } : {}),
  ...(d.reverseIndexTransitionVersion !== undefined ? { transitionVersion: d.reverseIndexTransitionVersion } : {}),
});

export interface SyncInput {
  /** The owner's event as last stored, holding the delegation. */
  event: DelegatingEvent;
  delegationId: string;
  owner: { id: string; name: string };
  /** The partner organization when the caller already read it (used for the first attempt only). */
  partner?: Stored<OrganizationDoc>;
}

export interface SyncResult {
  event: DelegatingEvent;
  delegation: SalesDelegation;
}

/** One sync attempt of the delegation's current transition; returns the event and delegation as now stored. */
export async function syncReverseIndex(input: SyncInput): Promise<SyncResult> {
  const delegation = input.event.salesDelegations?.find((d) => d.id === input.delegationId);
  if (!delegation) throw new Error(`delegation ${input.delegationId} is not on event ${input.event.id}`);
  if (!needsReverseIndexSync(delegation)) return { event: input.event, delegation };
  let synced = false;
  try {
    await writePartnerRef(input, delegation);
    synced = true;
  } catch (error) {
    logError(error, { operation: 'delegation.reverseIndexSync', delegationId: delegation.id });
  }
  try {
    return await recordOutcome(input.event, delegation, synced);
  } catch (error) {
    // The outcome could not be recorded: the delegation stays as stored (pending or failed) for the next heal.
    logError(error, { operation: 'delegation.reverseIndexOutcome', delegationId: delegation.id });
    return { event: input.event, delegation };
  }
}

async function writePartnerRef(input: SyncInput, delegation: SalesDelegation): Promise<void> {
  const wanted = refOf(delegation, input.event.id, input.owner);
  let attempt = 0;
  await withEtagRetry(async () => {
    const partner =
      attempt++ === 0 && input.partner ? input.partner : await getOrganization(delegation.partnerOrganizationId);
    if (!partner) throw new Error(`partner organization ${delegation.partnerOrganizationId} is missing`);
    if (indexUpdate(delegatedEventRef(partner, input.event.id), wanted) === 'write') {
      await saveDelegatedEventRef(partner, wanted);
    }
  }, 4);
}

/**
 * Marks the transition synced or failed (one attempt more), unless a newer transition replaced it meanwhile
 * (that one records its own outcome) or another request already recorded it.
 */
async function recordOutcome(event: DelegatingEvent, delegation: SalesDelegation, synced: boolean) {
  let attempt = 0;
  return withEtagRetry(async (): Promise<SyncResult> => {
    const current = attempt++ === 0 ? event : await getDelegatingEvent(event.organizationId, event.id);
    if (!current) throw new Error(`event ${event.id} is missing`);
    const stored = current.salesDelegations?.find((d) => d.id === delegation.id);
    if (
      !stored ||
      stored.reverseIndexTransitionVersion !== delegation.reverseIndexTransitionVersion ||
      !needsReverseIndexSync(stored)
    ) {
      return { event: current, delegation: stored ?? delegation };
    }
    const updated: SalesDelegation = {
      ...stored,
      reverseIndexSyncStatus: synced ? 'synced' : 'failed',
      reverseIndexSyncAttempts: (stored.reverseIndexSyncAttempts ?? 0) + 1,
      ...(synced ? { reverseIndexSyncedAt: new Date().toISOString() } : {}),
    };
    return { event: await saveOwnerDelegation(current, updated), delegation: updated };
  }, 4);
}

/**
 * Retries the sync of up to `limit` delegations of one event whose status is pending or failed, one after the
 * other on the latest stored event. Returns the event as last stored and what each retry ended with.
 */
export async function healEventDelegations(
  event: DelegatingEvent,
  owner: { id: string; name: string },
  limit = 10,
): Promise<{ event: DelegatingEvent; outcomes: SalesDelegation[] }> {
  const pending = (event.salesDelegations ?? []).filter(needsReverseIndexSync).slice(0, limit);
  let latest = event;
  const outcomes: SalesDelegation[] = [];
  for (const d of pending) {
    const result = await syncReverseIndex({ event: latest, delegationId: d.id, owner });
    latest = result.event;
    outcomes.push(result.delegation);
  }
  return { event: latest, outcomes };
}
