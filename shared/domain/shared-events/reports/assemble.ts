import { startingCapacity } from '../capacity/rules';
import { poolCounterId, quotaCounterId, type SharedCapacityCounterDoc } from '../capacity/model';
import { isLive } from '../rules';
import type { SharedEventDoc, SharedEventParticipantDoc } from '../model';
import { addTally, counterFigures, emptyTally, salesFiguresOf, type ShowtimeTally } from './fold';
import type {
  CapacityFigures,
  CombinedReport,
  CombinedShowtime,
  CounterFigures,
  ParticipantReport,
  ReportedOrganization,
} from './model';

/**
 * Pure assembly of the reports from what the service read: the Shared Event head, its counters (one partition
 * query) and each reported organization's folded sales (one query per organization). No store call here.
 */

export type ReportHead = Pick<
  SharedEventDoc,
  'sharedEventId' | 'name' | 'capacityPolicy' | 'status' | 'showtimes' | 'sharedCapacity'
>;
export type ReportParticipant = Pick<
  SharedEventParticipantDoc,
  'organizationId' | 'organizationName' | 'role' | 'status' | 'quotaByShowtime' | 'projectionLink'
>;

export interface OrganizationSales {
  participant: ReportParticipant;
  eventId: string;
  tallies: ReadonlyMap<string, ShowtimeTally>;
}

/** The local Event an organization's figures are read from: its projection link, else the deterministic id. */
export const projectionEventIdOf = (sharedEventId: string, participant: ReportParticipant) =>
  participant.projectionLink?.eventId ?? `se-${sharedEventId}`;

/**
 * Who appears in the combined report: every live participant (accepted or active, even before its first sale),
 * and any organization that had a projection or holds a quota counter, whatever its roster state now. An
 * organization that left keeps the seats it sold, so leaving it out would break Σ organizations = committed.
 * Invited or declined organizations that never had a projection sold nothing and are left out.
 */
export function reportedParticipants<P extends ReportParticipant>(
  roster: readonly P[],
  counters: readonly Pick<SharedCapacityCounterDoc, 'organizationId'>[],
): P[] {
  const withCounters = new Set(counters.map((c) => c.organizationId).filter((id) => id !== undefined));
  return roster
    .filter((p) => isLive(p.status) || p.projectionLink !== undefined || withCounters.has(p.organizationId))
    .sort(
      (a, b) =>
        Number(b.role === 'organizer') - Number(a.role === 'organizer') ||
        (a.organizationName ?? a.organizationId).localeCompare(b.organizationName ?? b.organizationId) ||
        a.organizationId.localeCompare(b.organizationId),
    );
}

const counterIndex = (counters: readonly SharedCapacityCounterDoc[]) => new Map(counters.map((c) => [c.id, c]));

function poolFigures(head: ReportHead, byId: Map<string, SharedCapacityCounterDoc>, showtimeId: string) {
  const id = poolCounterId(showtimeId);
  return counterFigures(
    id,
    byId.get(id),
    startingCapacity({ showtimeId }, head.sharedCapacity?.perShowtime, undefined),
  );
}

function quotaFigures(byId: Map<string, SharedCapacityCounterDoc>, participant: ReportParticipant, showtimeId: string) {
  const id = quotaCounterId(participant.organizationId, showtimeId);
  const capacity = startingCapacity(
    { showtimeId, organizationId: participant.organizationId },
    undefined,
    participant.quotaByShowtime,
  );
  return counterFigures(id, byId.get(id), capacity);
}

const capacityOnly = (c: CounterFigures): CapacityFigures => ({
  capacity: c.capacity,
  reserved: c.reserved,
  committed: c.committed,
  available: c.available,
});

function sumCapacity(rows: readonly CapacityFigures[]): CapacityFigures {
  return rows.reduce(
    (sum, c) => ({
      capacity: sum.capacity + c.capacity,
      reserved: sum.reserved + c.reserved,
      committed: sum.committed + c.committed,
      available: sum.available + c.available,
    }),
    { capacity: 0, reserved: 0, committed: 0, available: 0 },
  );
}

const tallyOf = (o: OrganizationSales, showtimeId: string) => o.tallies.get(showtimeId) ?? emptyTally();

function organizationTotal(o: OrganizationSales, showtimeIds: readonly string[]): ShowtimeTally {
  return showtimeIds.reduce((sum, id) => addTally(sum, tallyOf(o, id)), emptyTally());
}

function reportedOrganization(
  head: ReportHead,
  o: OrganizationSales,
  byId: Map<string, SharedCapacityCounterDoc>,
): ReportedOrganization {
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  return {
    ...organizationHeading(o),
    ...salesFiguresOf(organizationTotal(o, showtimeIds)),
    showtimes: showtimeIds.map((showtimeId) => ({
      showtimeId,
      ...salesFiguresOf(tallyOf(o, showtimeId)),
      ...(head.capacityPolicy === 'quota' ? { quota: quotaFigures(byId, o.participant, showtimeId) } : {}),
    })),
  };
}

function organizationHeading(o: OrganizationSales) {
  const p = o.participant;
  return {
    organizationId: p.organizationId,
    ...(p.organizationName !== undefined ? { organizationName: p.organizationName } : {}),
    role: p.role,
    participantStatus: p.status,
    eventId: o.eventId,
  };
}

const heading = (head: ReportHead, now: string) => ({
  sharedEventId: head.sharedEventId,
  name: head.name,
  capacityPolicy: head.capacityPolicy,
  status: head.status,
  generatedAt: now,
});

const showtimeHeading = (s: NonNullable<ReportHead['showtimes']>[number]) => ({
  showtimeId: s.showtimeId,
  dateTime: s.dateTime,
  ...(s.label !== undefined ? { label: s.label } : {}),
});

/**
 * The combined report. Per showtime the capacity is the pool counter (pool mode) or the sum of the reported
 * organizations' quota counters (quota mode); the sales are summed over organizations in cents.
 */
export function combinedReport(
  head: ReportHead,
  organizations: readonly OrganizationSales[],
  counters: readonly SharedCapacityCounterDoc[],
  now: string,
): CombinedReport {
  const byId = counterIndex(counters);
  const showtimes: CombinedShowtime[] = (head.showtimes ?? []).map((s) => {
    const capacity =
      head.capacityPolicy === 'pool'
        ? capacityOnly(poolFigures(head, byId, s.showtimeId))
        : sumCapacity(organizations.map((o) => quotaFigures(byId, o.participant, s.showtimeId)));
    const sales = organizations.reduce((sum, o) => addTally(sum, tallyOf(o, s.showtimeId)), emptyTally());
    return { ...showtimeHeading(s), ...capacity, ...salesFiguresOf(sales) };
  });
  const showtimeIds = showtimes.map((s) => s.showtimeId);
  const total = organizations.reduce((sum, o) => addTally(sum, organizationTotal(o, showtimeIds)), emptyTally());
  return {
    ...heading(head, now),
    showtimes,
    organizations: organizations.map((o) => reportedOrganization(head, o, byId)),
    totals: { ...sumCapacity(showtimes), ...salesFiguresOf(total) },
  };
}

/** One organization's report: its figures per showtime next to the counter it sells from (quota or pool). */
export function participantReport(
  head: ReportHead,
  organization: OrganizationSales,
  counters: readonly SharedCapacityCounterDoc[],
  now: string,
): ParticipantReport {
  const byId = counterIndex(counters);
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  return {
    ...heading(head, now),
    organization: {
      ...organizationHeading(organization),
      ...salesFiguresOf(organizationTotal(organization, showtimeIds)),
    },
    showtimes: (head.showtimes ?? []).map((s) => ({
      ...showtimeHeading(s),
      ...salesFiguresOf(tallyOf(organization, s.showtimeId)),
      counter: {
        kind: head.capacityPolicy,
        ...(head.capacityPolicy === 'pool'
          ? poolFigures(head, byId, s.showtimeId)
          : quotaFigures(byId, organization.participant, s.showtimeId)),
      },
    })),
  };
}
