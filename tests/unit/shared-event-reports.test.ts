import fc from 'fast-check';
import { buildDashboard } from '../../shared/domain/dashboard/stats';
import type { DashboardEvent } from '../../shared/domain/dashboard/model';
import type { SalesSourceDoc } from '../../shared/domain/sales/facts';
import type { SharedCapacityCounterDoc } from '../../shared/domain/shared-events/capacity/model';
import {
  combinedReport,
  participantReport,
  reportedParticipants,
  type OrganizationSales,
  type ReportHead,
  type ReportParticipant,
} from '../../shared/domain/shared-events/reports/assemble';
import { counterFigures, foldOrganizationSales } from '../../shared/domain/shared-events/reports/fold';
import { participantReportTarget } from '../../shared/domain/shared-events/reports/rules';

/** The pure parts of the Shared Event reports: the fold (against the dashboard), the assembly and who reads what. */
const S1 = 'show-1';
const S2 = 'show-2';
const PRICES: Record<string, [string, number, number]> = {
  adult: ['Adult', 12.34, 0.66],
  child: ['Child', 0.1, 0.05],
  box: ['Box', 15, 1],
};
const line = (type: string, quantity: number) => ({
  ticketTypeId: type,
  ticketTypeName: PRICES[type][0],
  quantity,
  unitPrice: PRICES[type][1],
  fee: PRICES[type][2],
});
let n = 0;
const base = (showtimeId: string) => ({
  id: `doc-${++n}`,
  eventId: 'se-x',
  showtimeId,
  createdAt: '2027-01-01T00:00:00.000Z',
});
const registration = (showtimeId: string, type: string, quantity: number): SalesSourceDoc => ({
  ...base(showtimeId),
  docType: 'registration',
  tickets: [line(type, quantity)],
  totalQuantity: quantity,
  capacityQuantity: quantity,
  sellerId: 'u1',
  sellerName: 'Mia',
});
const external = (showtimeId: string, type: string, quantity: number): SalesSourceDoc => ({
  ...base(showtimeId),
  docType: 'externalSale',
  tickets: [{ ...line(type, quantity), unitFee: PRICES[type][2] }] as never,
  totalQuantity: quantity,
  capacityQuantity: quantity,
  source: 'web',
});
const free = (showtimeId: string, quantity: number): SalesSourceDoc => ({
  ...base(showtimeId),
  docType: 'freeTicket',
  capacityQuantity: quantity,
});

describe('OrganizationSalesFold agrees with the dashboard of the projection', () => {
  const event = (manual: [number, number]): DashboardEvent => ({
    id: 'se-x',
    organizationId: 'org-1',
    name: 'Projection',
    venueCapacity: 1000,
    showtimes: [
      { showtimeId: S1, dateTime: '2027-01-01T10:00:00.000Z', externalSold: manual[0] },
      { showtimeId: S2, dateTime: '2027-01-01T20:00:00.000Z', externalSold: manual[1] },
    ],
    ticketTypes: [],
  });
  const doc = fc
    .tuple(
      fc.constantFrom('registration', 'external', 'free', 'deleted', 'elsewhere'),
      fc.constantFrom(S1, S2),
      fc.constantFrom('adult', 'child', 'box'),
      fc.integer({ min: 1, max: 9 }),
    )
    .map(([kind, showtimeId, type, quantity]) => {
      if (kind === 'external') return external(showtimeId, type, quantity);
      if (kind === 'free') return free(showtimeId, quantity);
      if (kind === 'deleted') return { ...registration(showtimeId, type, quantity), deletedAt: 'x' } as SalesSourceDoc;
      if (kind === 'elsewhere') return registration('gone-showtime', type, quantity);
      return registration(showtimeId, type, quantity);
    });

  it('tickets, revenue and fees per showtime and in total, to the cent (property)', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 40 }), fc.tuple(fc.nat(20), fc.nat(20)), (docs, manual) => {
        const dashboard = buildDashboard(event(manual), docs);
        const tallies = foldOrganizationSales(
          [S1, S2],
          new Map([
            [S1, manual[0]],
            [S2, manual[1]],
          ]),
          docs,
        );
        const report = participantReport(
          head('pool'),
          { participant: participant('org-1'), eventId: 'se-x', tallies },
          [],
          'now',
        );
        expect(report.organization.ticketsSold).toBe(dashboard.totalTicketsSold);
        expect(report.organization.revenue).toBe(dashboard.totalRevenue);
        expect(report.organization.fees).toBe(dashboard.totalFee);
        for (const s of report.showtimes) {
          const d = dashboard.salesByShowtime.find((x) => x.showtimeId === s.showtimeId)!;
          expect(s.ticketsSold).toBe(d.totalSold);
          expect(s.revenue).toBe(d.revenue);
          // Seats: what the dashboard takes off the venue capacity (the projection's own remaining).
          expect(s.seatsTaken).toBe(1000 - d.remaining);
        }
      }),
    );
  });

  it('free tickets hold seats but sell nothing; records of a showtime the event lacks count nowhere', () => {
    const tallies = foldOrganizationSales([S1], new Map([[S1, 3]]), [
      free(S1, 2),
      registration(S1, 'adult', 1),
      registration('gone', 'adult', 5),
    ]);
    expect(tallies.get(S1)).toEqual({ ticketsSold: 4, seatsTaken: 6, revenueCents: 1234, feeCents: 66 });
    expect(tallies.has('gone')).toBe(false);
  });
});

function head(policy: 'pool' | 'quota'): ReportHead {
  return {
    sharedEventId: 'x',
    name: 'Harbour',
    capacityPolicy: policy,
    status: 'open',
    showtimes: [
      { showtimeId: S1, dateTime: '2027-01-01T10:00:00.000Z', label: 'Matinee' },
      { showtimeId: S2, dateTime: '2027-01-01T20:00:00.000Z' },
    ],
    sharedCapacity: { perShowtime: 50 },
  };
}
function participant(organizationId: string, extra: Partial<ReportParticipant> = {}): ReportParticipant {
  return { organizationId, organizationName: organizationId, role: 'participant', status: 'active', ...extra };
}
const counter = (id: string, capacity: number, reserved: number, committed: number, organizationId?: string) =>
  ({
    id,
    docType: 'sharedCapacityCounter',
    sharedEventId: 'x',
    showtimeId: id.split(':').at(-1)!,
    ...(organizationId ? { organizationId } : {}),
    capacity,
    reserved,
    committed,
    health: 'ok',
    schemaVersion: 1,
    updatedAt: 'now',
  }) as SharedCapacityCounterDoc;
const sales = (organizationId: string, s1: number[], extra: Partial<ReportParticipant> = {}): OrganizationSales => ({
  participant: participant(organizationId, extra),
  eventId: 'se-x',
  tallies: new Map([[S1, { ticketsSold: s1[0], seatsTaken: s1[1], revenueCents: s1[2], feeCents: s1[3] }]]),
});

describe('combinedReport', () => {
  it('pool: the pool counter per showtime (absent = the pool per showtime, zeros) and cents summed once', () => {
    const orgs = [sales('a', [1, 1, 1, 1]), sales('b', [2, 3, 2, 1])];
    const report = combinedReport(head('pool'), orgs, [counter(`pool:${S1}`, 50, 1, 4)], 'now');
    expect(report.showtimes[0]).toEqual({
      showtimeId: S1,
      dateTime: '2027-01-01T10:00:00.000Z',
      label: 'Matinee',
      capacity: 50,
      reserved: 1,
      committed: 4,
      available: 45,
      ticketsSold: 3,
      seatsTaken: 4,
      revenue: 0.03,
      fees: 0.02,
    });
    expect(report.showtimes[1]).toMatchObject({
      capacity: 50,
      reserved: 0,
      committed: 0,
      available: 50,
      seatsTaken: 0,
    });
    expect(report.totals).toEqual({
      capacity: 100,
      reserved: 1,
      committed: 4,
      available: 95,
      ticketsSold: 3,
      seatsTaken: 4,
      revenue: 0.03,
      fees: 0.02,
    });
    expect(report.organizations[1].showtimes[0]).toEqual({
      showtimeId: S1,
      ticketsSold: 2,
      seatsTaken: 3,
      revenue: 0.02,
      fees: 0.01,
    });
  });

  it('quota: Σ quota counters per showtime; an absent counter is the quota; overbooked has none available', () => {
    const orgs = [sales('a', [0, 0, 0, 0], { quotaByShowtime: { [S1]: 5, [S2]: 7 } }), sales('b', [6, 6, 0, 0])];
    const counters = [counter(`quota:b:${S1}`, 4, 0, 6, 'b')];
    const report = combinedReport(head('quota'), orgs, counters, 'now');
    expect(report.showtimes[0]).toMatchObject({ capacity: 9, reserved: 0, committed: 6, available: 5 });
    expect(report.showtimes[1]).toMatchObject({ capacity: 7, committed: 0, available: 7 });
    expect(report.organizations[1].showtimes[0].quota).toEqual({
      counterId: `quota:b:${S1}`,
      health: 'ok',
      capacity: 4,
      reserved: 0,
      committed: 6,
      available: 0,
    });
    expect(report.organizations[0].showtimes[1].quota).toMatchObject({ capacity: 7, committed: 0, health: 'ok' });
  });
});

describe('reportedParticipants', () => {
  it('live participants, any that had a projection or holds a counter; organizer first, then by name', () => {
    const roster = [
      participant('z', { organizationName: 'Zeta' }),
      participant('gone', { status: 'left', projectionLink: { eventId: 'se-x' } }),
      participant('never', { status: 'declined' }),
      participant('invited', { status: 'invited' }),
      participant('counted', { status: 'removed' }),
      participant('org', { role: 'organizer', organizationName: 'Omega' }),
      participant('a', { status: 'accepted', organizationName: 'Alpha' }),
    ];
    const ids = reportedParticipants(roster, [{ organizationId: 'counted' }, {}]).map((p) => p.organizationId);
    expect(ids).toEqual(['org', 'a', 'counted', 'gone', 'z']);
  });
});

describe('counterFigures', () => {
  it('reads an absent counter as its starting capacity and never reports negative availability', () => {
    expect(counterFigures('pool:s', undefined, 30)).toEqual({
      counterId: 'pool:s',
      health: 'ok',
      capacity: 30,
      reserved: 0,
      committed: 0,
      available: 30,
    });
    expect(
      counterFigures('pool:s', { capacity: 5, reserved: 1, committed: 6, health: 'overbooked' }, 30),
    ).toMatchObject({ capacity: 5, available: 0, health: 'overbooked' });
  });
});

describe('participantReportTarget', () => {
  const reader = (extra: Partial<Parameters<typeof participantReportTarget>[0]>) => ({
    isSuperAdmin: false,
    isOwner: false,
    actingOrganizationId: 'mine',
    role: 'ticketManager' as const,
    ...extra,
  });
  it.each([
    ['own report, Ticket Manager', reader({}), undefined, { kind: 'target', organizationId: 'mine' }],
    ['own report named explicitly', reader({}), 'mine', { kind: 'target', organizationId: 'mine' }],
    ['own report, plain member', reader({ role: 'member' }), undefined, 'forbidden'],
    [
      'own report, plain member who owns the Shared Event',
      reader({ role: 'member', isOwner: true }),
      undefined,
      'target',
    ],
    ['another organization, participant admin', reader({ role: 'admin' }), 'theirs', 'forbidden'],
    ['another organization, owner', reader({ isOwner: true }), 'theirs', { kind: 'target', organizationId: 'theirs' }],
    [
      'another organization, Super Admin for no organization',
      reader({ isSuperAdmin: true, actingOrganizationId: undefined, role: undefined }),
      'theirs',
      { kind: 'target', organizationId: 'theirs' },
    ],
    [
      'Super Admin for no organization, no target',
      reader({ isSuperAdmin: true, actingOrganizationId: undefined, role: undefined }),
      undefined,
      { kind: 'needsTarget' },
    ],
  ])('%s', (_name, who, requested, expected) => {
    const verdict = participantReportTarget(who, requested);
    if (typeof expected === 'string') expect(verdict.kind).toBe(expected);
    else expect(verdict).toEqual(expected);
  });
});
