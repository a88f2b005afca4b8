import type { SharedEventAccess } from '../../access';
import type { Principal } from '../../../users/principal';
import { conflict } from '../../../../errors';
import type { SharedEventDoc } from '../../model';
import { toCapacityView, type CapacityView } from './mapper';
import { capacityDocuments, type AdminFenceDoc } from './repo';

/**
 * GET …/capacity: the head the scope already read plus ONE partition query (roster, counters and fence). Nothing
 * is created by a read: a counter not there yet reads as its starting capacity.
 */
export async function getCapacity(principal: Principal, access: SharedEventAccess): Promise<CapacityView> {
  return capacityViewOf(access.sharedEvent, seesEveryOrganization(principal, access) ? 'all' : access.organizationId);
}

/**
 * Who sees every organization's quota line: Super Admins, owners (they hold every capability) and holders of
 * manageCapacity or viewCombinedReports; any other participant sees the totals and its own organization's line.
 */
export const seesEveryOrganization = (principal: Principal, access: SharedEventAccess) =>
  principal.isSuperAdmin ||
  access.capabilities.includes('manageCapacity') ||
  access.capabilities.includes('viewCombinedReports');

export async function capacityViewOf(head: SharedEventDoc, visible: 'all' | string | undefined) {
  const { roster, counters, fence } = await capacityDocuments(head.sharedEventId);
  return toCapacityView({ head, roster, counters, fence, visibleOrganization: visible ?? 'all' });
}

/** Capacity edits wait for a running policy transition and stop once the Shared Event's sales are frozen. */
export function assertCapacityEditable(head: SharedEventDoc, fence: AdminFenceDoc | undefined) {
  if (head.status === 'cancelling' || head.status === 'cancelled' || (fence && fence.state !== 'open')) {
    throw conflict('The capacity of a cancelled Shared Event cannot be changed', 'CONFLICT', {
      status: head.status,
      ...(fence ? { fenceState: fence.state } : {}),
    });
  }
  // A transition running, or interrupted (its counters half moved): edits wait until it is finished.
  if (fence?.transition) {
    throw conflict('A capacity policy transition is in progress or was interrupted; finish it first', 'CONFLICT', {
      transitionTo: fence?.transition?.to,
    });
  }
}

/** A stored ETag as an id fragment (ETags carry quotes): the deterministic operation of one change of the head. */
export const operationOf = (head: { _etag: string }) => head._etag.replace(/[^A-Za-z0-9-]/g, '');
