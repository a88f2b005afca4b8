import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { countersAgainstLedger, jointSharedEvent } from '../helpers/shared-events/capacity';
import { orderApi } from '../helpers/orders';
import { injectStoreFault, storedDocument, storedSharedEventDocuments, type StoreOperation } from '../helpers/seed';

/**
 * Issue 36: report-sold on a Shared Event projection tells twins apart without timed waits
 * (shared/domain/orders/projection-sale.ts). Identical reports decided on the same version of the order hold the
 * same seats once; a refusal on the gate with the order unchanged looks up the twin's hold and writes the same
 * sale; a lost ETag finds the operation on the order. A twin held back 500 ms, far longer than any wait there ever
 * was, is still answered 200 and the seats are taken once.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 120_000);
afterEach(() => injectStoreFault(undefined));
afterAll(() => api.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));

async function projectionOrder(perShowtime: number, quantity: number) {
  const se = await jointSharedEvent(api, f, [], { sharedCapacity: { perShowtime } });
  const o = orderApi(api, f);
  const event = { id: `se-${se.id}`, ticketTypes: se.ticketTypeTemplates };
  const showtimeId = se.showtimes[0].showtimeId;
  const order = await o.delivered(f.member, event, [quantity], { showtimeId });
  const pool = async () => (await countersAgainstLedger(se.id)).find((c) => c.id === `pool:${showtimeId}`)!;
  const reservations = () => storedSharedEventDocuments(se.id, 'capacityReservation');
  return { se, o, order, pool, reservations };
}

/** The order's write (a single replace, or the batch with its money) in the organization's partition. */
const orderWrite = (orderId: string) => (op: StoreOperation) =>
  (op.kind === 'replace' && op.id === orderId) || (op.kind === 'batch' && op.partitionKey === f.orgId);

describe('report-sold on a Shared Event projection: twins without timed waits', () => {
  it('a twin whose order write is held back 500 ms on a tight pool: both 200, the seats taken once', async () => {
    // Room for 4: the twins' holds of 3 cannot both fit, so the second is refused at the gate while the first's
    // write is held back. It finds the first's hold (the same operation), writes the sale itself, and the held
    // twin's write loses the ETag, finds its operation on the order and answers it.
    const { o, order, pool, reservations } = await projectionOrder(4, 5);
    const isOrderWrite = orderWrite(order.id);
    let held = false;
    injectStoreFault((op: StoreOperation) => {
      if (!isOrderWrite(op) || held) return false;
      held = true;
      return sleep(500).then(() => false);
    });
    const [a, b] = await Promise.all([
      o.reportSold(f.member, order.id, { soldQuantity: 3 }),
      o.reportSold(f.member, order.id, { soldQuantity: 3 }),
    ]);
    injectStoreFault(undefined);
    expect(held).toBe(true);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.soldQuantity, b.body.data.soldQuantity]).toEqual([3, 3]);
    expect((await o.get(order.id)).soldQuantity).toBe(3);
    const counter = await pool();
    expect(counter.counter).toEqual({ capacity: 4, reserved: 0, committed: 3 });
    expect(counter.counter).toEqual(counter.ledger);
    // One hold for both: committed, and the order carries it once.
    const holds = await reservations();
    expect(holds.map((r: { state: string; quantity: number }) => [r.state, r.quantity])).toEqual([['committed', 3]]);
    expect((await storedDocument(f.orgId, order.id)).capacityOps).toEqual([holds[0].operationId]);
  });

  it('a twin whose hold is held back 500 ms on a roomy pool: both 200, one hold, the seats taken once', async () => {
    const { se, o, order, pool, reservations } = await projectionOrder(50, 5);
    let held = false;
    injectStoreFault((op: StoreOperation) => {
      // The hold is one batch in the Shared Event's partition (its reservation and its seats together).
      if (op.kind !== 'batch' || op.partitionKey !== se.id || held) return false;
      held = true; // the first hold waits: its twin's lands (and its sale with it), then this one meets it
      return sleep(500).then(() => false);
    });
    const [a, b] = await Promise.all([
      o.reportSold(f.member, order.id, { soldQuantity: 3 }),
      o.reportSold(f.member, order.id, { soldQuantity: 3 }),
    ]);
    injectStoreFault(undefined);
    expect(held).toBe(true);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await o.get(order.id)).soldQuantity).toBe(3);
    const counter = await pool();
    expect(counter.counter).toEqual({ capacity: 50, reserved: 0, committed: 3 });
    expect(counter.counter).toEqual(counter.ledger);
    expect((await reservations()).map((r: { state: string }) => r.state)).toEqual(['committed']);
  });

  it('a twin sent 500 ms after the first answered is a 200 no-op: user and order read, nothing written', async () => {
    const { o, order, pool } = await projectionOrder(50, 5);
    expect((await o.reportSold(f.member, order.id, { soldQuantity: 3 })).status).toBe(200);
    const stored = await storedDocument(f.orgId, order.id);
    await sleep(500);
    const twin = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    expect(twin.status).toBe(200);
    expect(twin.body.data.soldQuantity).toBe(3);
    expect(ops(twin)).toBe(2);
    expect((await storedDocument(f.orgId, order.id))._etag).toBe(stored._etag);
    expect((await pool()).counter).toEqual({ capacity: 50, reserved: 0, committed: 3 });
  });

  it('a genuine shortage is refused at once: 409 CAPACITY_EXCEEDED, nothing held, nothing written', async () => {
    const { o, order, pool, reservations } = await projectionOrder(2, 5);
    const res = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    expect([res.status, res.body.error, res.body.errorCode]).toEqual([409, 'CAPACITY_EXCEEDED', 'CAPACITY_EXCEEDED']);
    expect((await o.get(order.id)).soldQuantity ?? 0).toBe(0);
    expect((await reservations()).length).toBe(0);
    const counter = await pool();
    expect(counter.counter).toEqual({ capacity: 2, reserved: 0, committed: 0 });
  });
});
