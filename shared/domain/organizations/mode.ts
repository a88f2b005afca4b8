import { DomainError, conflict } from '../../errors';
import type { Principal } from '../users/principal';
import { isPreconditionFailed } from '../../store/outcomes';
import { modeOf, toOrganizationResponse, type OrganizationMode } from './model';
import { eventDelegationsOf, getOrganization, liveParticipationsAcrossSharedEvents, saveOrganization } from './repo';
import { trackEvent } from '../../telemetry/telemetry';
import { classifyTransition, downgradeBlockers, type DowngradeBlocker } from './mode-rules';
import { requireLiveOrganization } from './manage-organizations';

/**
 * PUT /api/organizations/{id}/mode. The write is conditional on the ETag of the organization as read before
 * the dependency checks, so a concurrent mode change makes this one fail with ORG_MODE_TRANSITION_RACED and
 * write nothing. A concurrent change of something else (a rename) is retried against the fresh document.
 */
export async function setOrganizationMode(principal: Principal, organizationId: string, requested: OrganizationMode) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const org = await requireLiveOrganization(organizationId);
    const previous = modeOf(org);
    const transition = classifyTransition(previous, requested);
    if (transition === 'reassert') return toOrganizationResponse(org);
    if (transition === 'downgrade') {
      const blockers = await findDowngradeBlockers(organizationId);
      if (blockers.length > 0) {
        throw conflict(
          `The organization cannot become a selling partner while it has: ${blockers.join(', ')}`,
          'ORG_MODE_DOWNGRADE_BLOCKED',
          { blockers },
        );
      }
    }
    const next = { ...org, updatedAt: new Date().toISOString(), updatedBy: principal.userId };
    if (requested === 'sellingPartner') next.organizationMode = 'sellingPartner';
    else delete next.organizationMode;
    try {
      const saved = await saveOrganization(next);
      trackEvent('organization.mode_changed', {
        organizationId,
        previousMode: previous,
        newMode: requested,
        actorUserId: principal.userId,
      });
      return toOrganizationResponse(saved);
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      const fresh = await getOrganization(organizationId);
      const current = fresh ? modeOf(fresh) : previous;
      if (current !== previous) {
        throw conflict(
          `The organization mode was changed concurrently; it is now ${current}`,
          'ORG_MODE_TRANSITION_RACED',
          { currentMode: current },
        );
      }
    }
  }
  throw conflict('The organization kept changing; try again', 'ORG_MODE_TRANSITION_RACED');
}

/**
 * Owned events (soft-deleted included) and their outbound delegations come from one partition query;
 * Shared Event participation from the sharedEvents container. Any failure is a 503: a check that did not
 * finish is never read as "no dependency".
 */
async function findDowngradeBlockers(organizationId: string): Promise<DowngradeBlocker[]> {
  try {
    const [events, participations] = await Promise.all([
      eventDelegationsOf(organizationId),
      liveParticipationsAcrossSharedEvents(organizationId),
    ]);
    return downgradeBlockers(
      events.map((e) => ({ delegationStatuses: (e.salesDelegations ?? []).map((d) => String(d.status)) })),
      participations.length,
    );
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(
      'ORG_MODE_DEPENDENCY_CHECK_FAILED',
      'The dependency check could not complete; nothing was changed',
    );
  }
}
