import { TestHost } from '../harness';
import { addPerson, createOrganization, setupOrganization, type OrgFixture, type Person } from '../fixtures';
import { createSharedEvent } from './create';
import { storedSharedEventDocuments } from '../seed';

/**
 * Shared Event capacity scenarios through the API only: a Shared Event organized by the fixture's organization
 * with further organizations accepted (each with its projection `se-{id}`), and sales on those projections.
 */
export interface Participant {
  orgId: string;
  admin: Person;
}

/** Extra organizations, each with an admin (the fixture's own organization is the organizer). */
export async function participantOrganizations(api: TestHost, f: OrgFixture, names: string[]): Promise<Participant[]> {
  return Promise.all(
    names.map(async (name) => {
      const orgId = await createOrganization(api, f.superToken, { name });
      return { orgId, admin: await addPerson(api, f.superToken, orgId, 'admin') };
    }),
  );
}

/**
 * The world of the Shared Event capacity tests: a host, the organizer's organization and 'Choir B' and 'Choir C'
 * with their admins. `beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000)`.
 */
export async function threeOrganizations(): Promise<{ api: TestHost; f: OrgFixture; others: Participant[] }> {
  const api = await TestHost.start();
  const f = await setupOrganization(api);
  return { api, f, others: await participantOrganizations(api, f, ['Choir B', 'Choir C']) };
}

/** Each organization's admin as a seller on its own projection: the organizer first. */
export function sellersOf(f: OrgFixture, others: Participant[]): { orgId: string; token: string }[] {
  return [{ orgId: f.orgId, token: f.admin.token }, ...others.map((o) => ({ orgId: o.orgId, token: o.admin.token }))];
}

/** A Shared Event (opened) with the organizer and every given organization active. */
export async function jointSharedEvent(
  api: TestHost,
  f: OrgFixture,
  others: Participant[],
  overrides: Record<string, unknown> = {},
) {
  const se = await createSharedEvent(api, f, { invitedOrganizationIds: others.map((o) => o.orgId), ...overrides });
  for (const o of others) {
    const res = await api.post(`shared-events/${se.id}/participants/${o.orgId}/accept`, { token: o.admin.token });
    if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${res.text}`);
  }
  const open = await api.patch(`shared-events/${se.id}/lifecycle`, {
    token: f.admin.token,
    query: { organizationId: f.orgId },
    body: { status: 'open' },
  });
  if (open.status !== 200) throw new Error(`open failed: ${open.status} ${open.text}`);
  return se as {
    id: string;
    showtimes: { showtimeId: string }[];
    ticketTypeTemplates: { id: string; name: string; price: number }[];
  };
}

/** A registration of `quantity` seats on the organization's projection of the Shared Event. */
export function sellOnProjection(
  api: TestHost,
  seller: { orgId: string; token: string },
  se: { id: string; showtimes: { showtimeId: string }[]; ticketTypeTemplates: { id: string }[] },
  quantity = 1,
  showtimeIndex = 0,
) {
  return api.post('registrations', {
    token: seller.token,
    query: { organizationId: seller.orgId },
    body: {
      eventId: `se-${se.id}`,
      showtimeId: se.showtimes[showtimeIndex].showtimeId,
      tickets: [{ ticketTypeId: se.ticketTypeTemplates[0].id, quantity }],
    },
  });
}

interface LedgerDoc {
  id: string;
  docType?: string;
  counterId?: string;
  state?: string;
  quantity?: number;
  signedDelta?: number;
  kind?: string;
  capacity?: number;
  reserved?: number;
  committed?: number;
  health?: string;
  organizationId?: string;
}

/** Every counter of a Shared Event next to what its reservations and adjustments say it must be. */
export async function countersAgainstLedger(sharedEventId: string) {
  const docs = (
    await Promise.all(
      ['sharedCapacityCounter', 'capacityReservation', 'capacityAdjustment'].map((t) =>
        storedSharedEventDocuments<LedgerDoc>(sharedEventId, t),
      ),
    )
  ).flat();
  const counters = docs.filter((d) => d.docType === 'sharedCapacityCounter');
  return counters.map((c) => {
    const reservations = docs.filter((d) => d.docType === 'capacityReservation' && d.counterId === c.id);
    const adjustments = docs.filter(
      (d) => d.docType === 'capacityAdjustment' && d.counterId === c.id && d.kind !== 'reconciliation',
    );
    const sum = (rows: LedgerDoc[], pick: (d: LedgerDoc) => number) => rows.reduce((n, d) => n + pick(d), 0);
    return {
      id: c.id,
      counter: { capacity: c.capacity, reserved: c.reserved, committed: c.committed },
      ledger: {
        capacity: c.capacity,
        reserved: sum(
          reservations.filter((r) => r.state === 'held'),
          (r) => r.quantity ?? 0,
        ),
        committed:
          sum(
            reservations.filter((r) => r.state === 'committed'),
            (r) => r.quantity ?? 0,
          ) + sum(adjustments, (a) => a.signedDelta ?? 0),
      },
      health: c.health,
      organizationId: c.organizationId,
    };
  });
}
