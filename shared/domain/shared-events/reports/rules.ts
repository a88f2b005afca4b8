import { roleAtLeast } from '../../memberships/roles';
import type { Role } from '../../memberships/model';

/**
 * Who may read which participant report (docs/shared-events.md: "Participant for own organization (default); owner or Super
 * Admin for an allowed target"). Pure: the route's scope has already proved an approved membership in a live
 * participant organization (or a Super Admin).
 *
 * - No target named: the acting organization's own report. Its members see it from Ticket Manager up, like the
 *   dashboard of their projection (the report carries the same revenue); an owner of the Shared Event whatever
 *   their organization role.
 * - Another organization named: only an owner of the Shared Event or a Super Admin; anyone else 403, before the
 *   roster is read, so a participant cannot probe who else is on it.
 * - A Super Admin acting for no organization must name the target.
 */
export interface ReportReader {
  isSuperAdmin: boolean;
  isOwner: boolean;
  actingOrganizationId?: string;
  role?: Role;
}

export type TargetVerdict =
  { kind: 'target'; organizationId: string } | { kind: 'needsTarget' } | { kind: 'forbidden'; reason: string };

/** The lowest organization role that reads its own organization's report. */
export const OWN_REPORT_ROLE: Role = 'ticketManager';

export function participantReportTarget(reader: ReportReader, requested: string | undefined): TargetVerdict {
  const target = requested ?? reader.actingOrganizationId;
  if (target === undefined) return { kind: 'needsTarget' };
  if (reader.isSuperAdmin || reader.isOwner) return { kind: 'target', organizationId: target };
  if (target !== reader.actingOrganizationId) {
    return { kind: 'forbidden', reason: "Only an owner of the Shared Event reads another organization's report" };
  }
  if (!roleAtLeast(reader.role, OWN_REPORT_ROLE)) {
    return { kind: 'forbidden', reason: "Your organization's report needs the Ticket Manager role or above" };
  }
  return { kind: 'target', organizationId: target };
}
