import type { SharedEventAccess } from '../access';
import type { Principal } from '../../users/principal';
import { badRequest, forbidden, notFound } from '../../../errors';
import { dashboardPageSize } from '../../dashboard/dashboard-stats';
import { salesDocPages } from '../../sales/repo';
import { readCounters } from '../capacity/repo';
import { getParticipant, getProjectionEvent, rosterOf } from '../repo';
import {
  combinedReport,
  participantReport,
  projectionEventIdOf,
  reportedParticipants,
  type OrganizationSales,
  type ReportHead,
  type ReportParticipant,
} from './assemble';
import { OrganizationSalesFold } from './fold';
import type { CombinedReport, ParticipantReport } from './model';
import { participantReportTarget } from './rules';

/**
 * GET …/reports/combined and …/reports/participant. Store calls after the scope (which read the Shared Event and
 * the caller's roster entry): the roster and the counters (one partition query each, in parallel), then per
 * reported organization, all in parallel, one point read of its projection (manual external counts) and one
 * streamed query of the projection's sales documents (one call per page of 10,000). Bounded by the roster, never
 * one call per sale.
 */

/** One organization's sales on the Shared Event, read from its own partition and folded like its dashboard. */
async function organizationSales(head: ReportHead, participant: ReportParticipant): Promise<OrganizationSales> {
  const eventId = projectionEventIdOf(head.sharedEventId, participant);
  const organizationId = participant.organizationId;
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  const [projection, fold] = await Promise.all([
    getProjectionEvent(organizationId, eventId),
    (async () => {
      const fold = new OrganizationSalesFold(showtimeIds);
      const pages = salesDocPages(organizationId, { eventId }, dashboardPageSize(), { descriptive: false });
      for await (const page of pages) for (const doc of page) fold.addDoc(doc);
      return fold;
    })(),
  ]);
  // The manual count lives on the projection's showtimes (a local field the projection sync keeps).
  const manual = new Map((projection?.showtimes ?? []).map((s) => [s.showtimeId, s.externalSold ?? 0]));
  fold.addManualExternal(manual);
  return { participant, eventId, tallies: fold.result() };
}

export async function combinedSharedEventReport(access: SharedEventAccess): Promise<CombinedReport> {
  const head = access.sharedEvent;
  const [roster, counters] = await Promise.all([rosterOf(head.sharedEventId), readCounters(head.sharedEventId)]);
  const organizations = await Promise.all(
    reportedParticipants(roster, counters).map((participant) => organizationSales(head, participant)),
  );
  return combinedReport(head, organizations, counters, new Date().toISOString());
}

export interface ParticipantReportQuery {
  organizationId?: string;
  participantOrganizationId?: string;
}

export async function participantSharedEventReport(
  principal: Principal,
  access: SharedEventAccess,
  query: ParticipantReportQuery,
): Promise<ParticipantReport> {
  const head = access.sharedEvent;
  const verdict = participantReportTarget(
    {
      isSuperAdmin: principal.isSuperAdmin,
      isOwner: access.owners.some((o) => o.userId === principal.userId),
      ...(access.organizationId !== undefined ? { actingOrganizationId: access.organizationId } : {}),
      ...(access.role ? { role: access.role } : {}),
    },
    query.participantOrganizationId,
  );
  if (verdict.kind === 'needsTarget') {
    throw badRequest('participantOrganizationId is required when acting for no organization');
  }
  if (verdict.kind === 'forbidden') throw forbidden(verdict.reason);
  const target = verdict.organizationId;
  const [participant, counters] = await Promise.all([
    target === access.organizationId && access.participant
      ? access.participant
      : getParticipant(head.sharedEventId, target),
    readCounters(head.sharedEventId),
  ]);
  if (!participant) throw notFound('Participant');
  const sales = await organizationSales(head, participant);
  return participantReport(head, sales, counters, new Date().toISOString());
}
