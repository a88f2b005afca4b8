import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../helpers/harness';
import { TestHost } from '../helpers/harness';
import { delegatedWorld, partnerApi, type DelegatedWorld } from '../helpers/delegated-orders';
import type { Person } from '../helpers/fixtures';
import { recordIdOf } from '../../shared/domain/idempotency/model';
import { injectStoreFault, storedDocuments } from '../helpers/seed';

/**
 * Idempotency keys on the delegated creates (docs/decisions/api-contract.md, "Idempotency keys", `keyRecordIn`):
 * the order goes to the event owner's partition, so the key record rides along in the same batch there; its id
 * still hashes the partner caller, the partner organization and the key. Replays, the refused copy's read and the
 * parallel copies all find it in the owner's partition; the partner's partition holds no record.
 */
let api: TestHost;
let w: DelegatedWorld;
beforeAll(async () => {
  api = await TestHost.start();
  w = await delegatedWorld(api, { venueCapacity: 100 });
});
afterAll(() => api.close());
afterEach(() => injectStoreFault(undefined));

const COPIES = 15;
const d = () => partnerApi(api, w);
const selfOrder = (who: Person, key: string, quantities = [2, 1]) =>
  api.post(d().path('/orders/self'), {
    token: who.token,
    body: { tickets: d().tickets(quantities) },
    headers: { 'Idempotency-Key': key },
  });
const onBehalf = (key: string, quantities = [1, 1]) =>
  api.post(d().path('/orders'), {
    token: w.p.ticketManager.token,
    body: { buyerUserId: w.p.member.id, tickets: d().tickets(quantities) },
    headers: { 'Idempotency-Key': key },
  });
/** The orders of the world's event, as stored in the owner's partition. */
const ownerOrders = async () =>
  (await storedDocuments(w.f.orgId, 'order')).filter((o: { eventId: string }) => o.eventId === w.event.id);
const keyRecords = (orgId: string) => storedDocuments(orgId, 'idempotencyKey');

/** One fresh answer; every other copy replays it or answers IDEMPOTENCY_KEY_IN_PROGRESS; none 5xx. */
function expectOneWinner(answers: ApiResponse[]) {
  const fresh = answers.filter((a) => a.status === 201 && !a.headers.get('idempotent-replayed'));
  expect(fresh).toHaveLength(1);
  for (const answer of answers) {
    if (answer === fresh[0]) continue;
    if (answer.status === 201) expect(answer.text).toBe(fresh[0].text);
    else
      expect({ status: answer.status, code: answer.body.errorCode }).toEqual({
        status: 409,
        code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
      });
  }
}

describe('Idempotency-Key on the delegated order creates', () => {
  it("keeps the record in the owner's partition, written with the order; the retry replays from there", async () => {
    const [ownerBefore, partnerBefore] = [(await keyRecords(w.f.orgId)).length, (await keyRecords(w.p.orgId)).length];
    const key = randomUUID();
    const first = await selfOrder(w.p.member, key);
    expect(first.status).toBe(201);
    const ownerKeys = await keyRecords(w.f.orgId);
    expect(ownerKeys).toHaveLength(ownerBefore + 1);
    // Its id hashes the partner caller, the partner organization and the key; it lives in the owner's partition.
    const record = ownerKeys.find((r: { id: string }) => r.id === recordIdOf(w.p.member.id, w.p.orgId, key));
    expect(record).toMatchObject({ organizationId: w.f.orgId, state: 'done' });
    expect(await keyRecords(w.p.orgId)).toHaveLength(partnerBefore);
    const retry = await selfOrder(w.p.member, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect((await ownerOrders()).filter((o: { id: string }) => o.id === first.body.data.id)).toHaveLength(1);
  });

  it('scopes the key to the partner caller: the same key from another partner member is a new order', async () => {
    const key = randomUUID();
    const mine = await selfOrder(w.p.member, key);
    const theirs = await selfOrder(w.p.member2, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
  });

  it('the same key with another body is IDEMPOTENCY_KEY_REUSED, and writes nothing', async () => {
    const key = randomUUID();
    expect((await selfOrder(w.p.member, key, [1, 0])).status).toBe(201);
    const before = (await ownerOrders()).length;
    const other = await selfOrder(w.p.member, key, [3, 0]);
    expect({ status: other.status, code: other.body.errorCode }).toEqual({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await ownerOrders()).toHaveLength(before);
  });

  it("an ambiguous failure of the order's batch (committed, answer lost) answers IN_PROGRESS, and no retry writes again", async () => {
    const key = randomUUID();
    const before = (await ownerOrders()).length;
    let faulted = false;
    injectStoreFault((op) => {
      if (faulted || op.kind !== 'batch' || op.container !== 'orgs' || op.partitionKey !== w.f.orgId) return false;
      faulted = true;
      return { lostAnswer: 503 };
    });
    const first = await onBehalf(key);
    injectStoreFault(undefined);
    expect(faulted).toBe(true);
    // The failed request read its record from the owner's partition: the write happened, so "wait", not a 503.
    expect({ status: first.status, code: first.body.errorCode }).toEqual({
      status: 409,
      code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
    });
    const retry = await onBehalf(key);
    expect({ status: retry.status, code: retry.body.errorCode }).toEqual({
      status: 409,
      code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
    });
    expect(await ownerOrders()).toHaveLength(before + 1);
  });

  it(`${COPIES} identical keyed self-service orders at once: one order, no 5xx`, async () => {
    const before = (await ownerOrders()).length;
    const key = randomUUID();
    expectOneWinner(await Promise.all(Array.from({ length: COPIES }, () => selfOrder(w.p.member, key))));
    expect(await ownerOrders()).toHaveLength(before + 1);
  });

  it(`${COPIES} identical keyed on-behalf orders at once: one order, no 5xx`, async () => {
    const before = (await ownerOrders()).length;
    const key = randomUUID();
    expectOneWinner(await Promise.all(Array.from({ length: COPIES }, () => onBehalf(key))));
    expect(await ownerOrders()).toHaveLength(before + 1);
  });
});
