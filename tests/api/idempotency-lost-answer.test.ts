import { randomUUID } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { q } from '../helpers/events';
import { injectStoreFault, storedDocuments } from '../helpers/seed';

/**
 * A keyed create whose write committed but whose answer did not reach the client or was not kept
 * (docs/decisions/api-contract.md, "Idempotency keys"): the key record rode along in the write's own batch, so it
 * exists exactly when the write does, and no retry with the key ever writes again. The record answers
 * IDEMPOTENCY_KEY_IN_PROGRESS for two minutes, then IDEMPOTENCY_KEY_ANSWER_LOST.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());
afterEach(() => injectStoreFault(undefined));

type Ev = { id: string; ticketTypes: { id: string }[] };
const body = (event: Ev) => ({ eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 2 }] });
const post = (path: string, who: Person, event: Ev, key: string) =>
  api.post(path, { token: who.token, query: q(f), body: body(event), headers: { 'Idempotency-Key': key } });
const storedFor = async (docType: string, event: Ev) =>
  (await storedDocuments(f.orgId, docType)).filter((d: { eventId: string }) => d.eventId === event.id);

/** Runs `send` with the clock moved `ms` ahead (the record's wait is measured by Date.now). */
async function later<T>(ms: number, send: () => Promise<T>): Promise<T> {
  const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + ms);
  try {
    return await send();
  } finally {
    clock.mockRestore();
  }
}

describe('A keyed create whose answer was lost', () => {
  it('the store committed the write but answered 503 (an ambiguous failure): no retry writes again', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    let faulted = false;
    // The registration's batch (carrying the key record) lands; its answer is replaced by a 503.
    injectStoreFault((op) => {
      if (faulted || op.kind !== 'batch' || op.container !== 'orgs') return false;
      faulted = true;
      return { lostAnswer: 503 };
    });
    const first = await post('registrations', f.member, event, key);
    injectStoreFault(undefined);
    expect(faulted).toBe(true);
    // The failed request reads the key once: the record is there, so the write happened; it says "wait", not 503.
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect(await storedFor('registration', event)).toHaveLength(1);

    const retry = await post('registrations', f.member, event, key);
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect(retry.headers.get('retry-after')).toBe('1');

    for (const ms of [121_000, 41 * 60_000]) {
      const afterWait = await later(ms, () => post('registrations', f.member, event, key));
      expect(afterWait.status).toBe(409);
      expect(afterWait.body).toMatchObject({
        error: 'IDEMPOTENCY_KEY_ANSWER_LOST',
        errorCode: 'IDEMPOTENCY_KEY_ANSWER_LOST',
      });
    }
    expect(await storedFor('registration', event)).toHaveLength(1);
  });

  it('the answer could not be kept (both tries failed): IN_PROGRESS, then ANSWER_LOST, and one order', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    injectStoreFault((op) => op.kind === 'replace' && !!op.id?.startsWith('idem-'));
    const first = await post('orders', f.member, event, key);
    injectStoreFault(undefined);
    expect(first.status).toBe(201); // the write stands, and its caller got the answer
    const soon = await later(61_000, () => post('orders', f.member, event, key));
    expect(soon.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    const afterWait = await later(121_000, () => post('orders', f.member, event, key));
    expect(afterWait.status).toBe(409);
    expect(afterWait.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_ANSWER_LOST' });
    expect(await storedFor('order', event)).toHaveLength(1);
  });

  it('a 503 before anything was written is not kept: the retry with the same key writes once', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    injectStoreFault((op) => op.kind === 'batch' && op.container === 'orgs');
    const failed = await post('registrations', f.member, event, key);
    injectStoreFault(undefined);
    expect(failed.status).toBe(503);
    const retry = await post('registrations', f.member, event, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await storedFor('registration', event)).toHaveLength(1);
  });
});
