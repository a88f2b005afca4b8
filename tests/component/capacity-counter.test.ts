import { checkCounters } from '../../shared/domain/events/capacity/drift';
import { readCounters, syncCounters, takeCapacity, releaseCapacity } from '../../shared/domain/events/capacity/counter';
import { TestHost } from '../helpers/harness';
import { seedLedgerEntryBypassingCounter } from '../helpers/seed';

/** The counter mechanism itself, on the embedded store through the real SDK (routes are tested per feature). */
let api: TestHost;
beforeAll(async () => {
  api = await TestHost.start();
});
afterAll(() => api.close());

/** The event document the counter code is handed (only ever in memory here: no route reads it). */
type EventDoc = Parameters<typeof syncCounters>[0];
const event = (id: string, venueCapacity: number, showtimes = ['s1', 's2']): EventDoc => ({
  id,
  docType: 'event',
  organizationId: 'org-counter',
  name: 'Concert',
  date: '2027-01-01T19:00:00.000Z',
  venueCapacity,
  active: true,
  enableQuotas: false,
  showtimes: showtimes.map((showtimeId) => ({ showtimeId, dateTime: '2027-01-01T19:00:00.000Z', externalSold: 0 })),
  ticketTypes: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('capacity counter', () => {
  it('lets exactly `capacity` of 30 parallel one-seat takes succeed', async () => {
    const e = event('e-parallel', 10);
    await syncCounters(e);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => takeCapacity({ event: e, showtimeId: 's1', channel: 'free', delta: 1 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(20);
    expect(refused[0].reason).toMatchObject({
      code: 'CAPACITY_EXCEEDED',
      data: { availableCapacity: 0, requestedDelta: 1 },
    });
    const counters = await readCounters('org-counter', 'e-parallel');
    expect(counters.find((c) => c.showtimeId === 's1')).toMatchObject({ sold: 10, free: 10 });
    expect(counters.find((c) => c.showtimeId === 's2')).toMatchObject({ sold: 0 });
  });

  it('never lends capacity between showtimes and releases seats', async () => {
    const e = event('e-lend', 3);
    await syncCounters(e);
    await takeCapacity({ event: e, showtimeId: 's1', channel: 'orders', delta: 3 });
    await expect(takeCapacity({ event: e, showtimeId: 's1', channel: 'orders', delta: 1 })).rejects.toMatchObject({
      code: 'CAPACITY_EXCEEDED',
      data: { availableCapacity: 0, requestedDelta: 1 },
    });
    await takeCapacity({ event: e, showtimeId: 's2', channel: 'orders', delta: 3 });
    await releaseCapacity(e, 's1', 'orders', 2);
    await takeCapacity({ event: e, showtimeId: 's1', channel: 'registrations', delta: 2 });
    await expect(takeCapacity({ event: e, showtimeId: 's1', channel: 'free', delta: 1 })).rejects.toMatchObject({
      code: 'CAPACITY_EXCEEDED',
    });
  });

  it('bypasses the ceiling only when asked and still moves the counter', async () => {
    const e = event('e-force', 1, ['s1']);
    await syncCounters(e);
    await takeCapacity({ event: e, showtimeId: 's1', channel: 'orders', delta: 3, enforceCeiling: false });
    const [counter] = await readCounters('org-counter', 'e-force');
    expect(counter).toMatchObject({ sold: 3, orders: 3, capacity: 1 });
  });

  it('finds drift against the ledger and repairs a quiet counter', async () => {
    const e = event('e-drift', 100, ['s1']);
    await syncCounters(e);
    const entry = (docType: string, quantity: number) => ({ eventId: 'e-drift', showtimeId: 's1', docType, quantity });
    await seedLedgerEntryBypassingCounter('org-counter', entry('freeTicket', 4));
    await seedLedgerEntryBypassingCounter('org-counter', entry('registration', 2));
    await seedLedgerEntryBypassingCounter('org-counter', entry('registration', 5), { deletedAt: 'x' });
    await takeCapacity({ event: e, showtimeId: 's1', channel: 'free', delta: 4 });
    const drift = await checkCounters(e, { repair: true, quietMs: 0 });
    expect(drift).toEqual([
      {
        showtimeId: 's1',
        counter: { orders: 0, registrations: 0, external: 0, free: 4, sold: 4 },
        ledger: { orders: 0, registrations: 2, external: 0, free: 4, sold: 6 },
        repaired: true,
      },
    ]);
    expect(await checkCounters(e)).toEqual([]);
  });
});
