import { randomUUID } from 'node:crypto';
import { recordIdOf } from '../../shared/domain/idempotency/model';
import { containers } from '../../shared/store/client';
import { createItem, readItem, replaceItem } from '../../shared/store/operations';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { capacitySummary, q } from '../helpers/events';
import { injectStoreFault, storedDocuments } from '../helpers/seed';

/** Idempotency-Key on creates (docs/api.md "Idempotency keys"; shared/http/idempotency.ts). */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());
afterEach(() => injectStoreFault(undefined));

type Ev = { id: string; ticketTypes: { id: string }[] };
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const registrationBody = (event: Ev, quantity = 2) => ({
  eventId: event.id,
  tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity }],
});
const register = (who: Person, body: unknown, key?: string) =>
  api.post('registrations', {
    token: who.token,
    query: q(f),
    body,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
const registrationsOf = async (eventId: string) =>
  (await storedDocuments(f.orgId, 'registration')).filter((r: { eventId: string }) => r.eventId === eventId);

describe('Idempotency-Key on POST registrations', () => {
  it('replays the first answer (status, body) to a retry with the same key and body, without a second write', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    const first = await register(f.member, registrationBody(event), key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await register(f.member, registrationBody(event), key);
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await registrationsOf(event.id)).toHaveLength(1);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ registrations: 2 });
    // The store-call cost: the key's binding is created before the handler (one call) and the key record rides
    // along in the registration's own write (a batch, still one call), so a fresh key adds the binding and the kept
    // answer's replace. A replay runs no use case: the binding's failed create, its read and the record's read.
    // The first (keyed) sale was the showtime's first ticket issue, which creates its serial counter: one call more.
    const unkeyed = await register(f.member, registrationBody(event));
    expect(unkeyed.status).toBe(201);
    expect(ops(first)).toBe(ops(unkeyed) + 2 + 1);
    expect(ops(retry)).toBeLessThanOrEqual(ops(unkeyed));
  });

  it('writes once when the same keyed request is fired in parallel', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => register(f.member, registrationBody(event), key)),
    );
    const fresh = answers.filter((a) => a.status === 201 && !a.headers.get('idempotent-replayed'));
    expect(fresh).toHaveLength(1);
    for (const answer of answers.filter((a) => a !== fresh[0])) {
      if (answer.status === 201) expect(answer.text).toBe(fresh[0].text);
      else {
        expect(answer.status).toBe(409);
        expect(answer.body).toMatchObject({
          error: 'IDEMPOTENCY_KEY_IN_PROGRESS',
          errorCode: 'IDEMPOTENCY_KEY_IN_PROGRESS',
        });
        expect(answer.headers.get('retry-after')).toBe('1');
      }
    }
    expect(await registrationsOf(event.id)).toHaveLength(1);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ registrations: 2 });
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_PROGRESS with Retry-After while the first request still runs', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    let release!: () => void;
    const held = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    let holding = false;
    // Hold the first request after its write (which carried the key record) and before its answer is kept.
    injectStoreFault((op) => {
      if (holding || op.kind !== 'replace' || !op.id?.startsWith('idem-')) return false;
      holding = true;
      return held;
    });
    const first = register(f.member, registrationBody(event), key);
    while (!holding) await new Promise((resolve) => setTimeout(resolve, 5));
    const retry = await register(f.member, registrationBody(event), key);
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({
      error: 'IDEMPOTENCY_KEY_IN_PROGRESS',
      errorCode: 'IDEMPOTENCY_KEY_IN_PROGRESS',
    });
    expect(retry.headers.get('retry-after')).toBe('1');
    release();
    expect((await first).status).toBe(201);
    const after = await register(f.member, registrationBody(event), key);
    expect(after.status).toBe(201);
    expect(after.text).toBe((await first).text);
    expect(await registrationsOf(event.id)).toHaveLength(1);
  });

  it('refuses the same key with a different body: 409 IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    expect((await register(f.member, registrationBody(event, 2), key)).status).toBe(201);
    const other = await register(f.member, registrationBody(event, 3), key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED', errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await registrationsOf(event.id)).toHaveLength(1);
  });

  it('scopes a key to its caller: another member with the same key and body makes a registration of their own', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    expect((await register(f.member, registrationBody(event), key)).status).toBe(201);
    const theirs = await register(f.member2, registrationBody(event), key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await registrationsOf(event.id)).toHaveLength(2);
  });

  it('does not keep a "try again" answer (a 503): the retry with the same key runs and writes', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    injectStoreFault((op) => op.kind === 'read' && op.container === 'orgs' && op.id === event.id);
    const failed = await register(f.member, registrationBody(event), key);
    expect(failed.status).toBe(503);
    injectStoreFault(undefined);
    const retry = await register(f.member, registrationBody(event), key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await registrationsOf(event.id)).toHaveLength(1);
  });

  it('keeps a definite refusal (404) and replays it', async () => {
    const key = randomUUID();
    const body = { eventId: 'no-such-event', tickets: [{ ticketTypeId: 'x', quantity: 1 }] };
    const first = await register(f.member, body, key);
    expect(first.status).toBe(404);
    const retry = await register(f.member, body, key);
    expect(retry.status).toBe(404);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('treats an expired key as new (expiresAt is checked in code: the embedded store has no TTL)', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    expect((await register(f.member, registrationBody(event), key)).status).toBe(201);
    const id = recordIdOf(f.member.id, f.orgId, key);
    const record = (await readItem<Record<string, unknown>>(containers().orgs, f.orgId, id))!;
    expect(record).toMatchObject({ docType: 'idempotencyKey', state: 'done', ttl: 86400 });
    await replaceItem(containers().orgs, f.orgId, {
      ...record,
      id,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const later = await register(f.member, registrationBody(event), key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await registrationsOf(event.id)).toHaveLength(2);
  });

  it('lets a retry take over a key whose first request died holding it (its 40-minute lease ran out)', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    const id = recordIdOf(f.member.id, f.orgId, key);
    const now = Date.now();
    const abandoned = {
      id,
      docType: 'idempotencyKey',
      organizationId: f.orgId,
      fingerprint: 'of the request that died',
      state: 'running',
      leaseUntil: new Date(now - 1000).toISOString(),
      createdAt: new Date(now - 41 * 60_000).toISOString(),
      expiresAt: new Date(now + 3_600_000).toISOString(),
      ttl: 86400,
    };
    await createItem(containers().orgs, abandoned);
    const retry = await register(f.member, registrationBody(event), key);
    expect(retry.status).toBe(201);
    expect(await registrationsOf(event.id)).toHaveLength(1);
    expect(await readItem(containers().orgs, f.orgId, id)).toMatchObject({ state: 'done' });
  });

  it('keeps the answer on a second try when saving it fails once after the write', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    let failures = 0;
    injectStoreFault((op) => op.kind === 'replace' && !!op.id?.startsWith('idem-') && failures++ < 1);
    const first = await register(f.member, registrationBody(event), key);
    expect(first.status).toBe(201);
    injectStoreFault(undefined);
    const retry = await register(f.member, registrationBody(event), key);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(await registrationsOf(event.id)).toHaveLength(1);
  });

  it('never writes twice when the answer cannot be kept: the key stays held past 60 s, not taken over', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    injectStoreFault((op) => op.kind === 'replace' && !!op.id?.startsWith('idem-'));
    const first = await register(f.member, registrationBody(event), key);
    expect(first.status).toBe(201);
    injectStoreFault(undefined);
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      const retry = await register(f.member, registrationBody(event), key);
      expect(retry.status).toBe(409);
      expect(retry.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    } finally {
      later.mockRestore();
    }
    expect(await registrationsOf(event.id)).toHaveLength(1);
  });

  it('lets no retry race a first request slower than 60 s into a second write: whichever batch lands first writes', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const key = randomUUID();
    let release!: () => void;
    const held = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    let holding = false;
    // Hold the first request's write (the batch that carries its key record) while the retry runs.
    injectStoreFault((op) => {
      if (holding || op.kind !== 'batch' || op.container !== 'orgs') return false;
      holding = true;
      return held;
    });
    const first = register(f.member, registrationBody(event), key);
    while (!holding) await new Promise((resolve) => setTimeout(resolve, 5));
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    let retry;
    try {
      retry = await register(f.member, registrationBody(event), key);
    } finally {
      later.mockRestore();
      release();
    }
    // Nothing was written for the first request yet, so the retry writes; the first's batch then fails on the
    // retry's key record and answers from it (IN_PROGRESS or the replay), never with a second registration.
    expect(retry.status).toBe(201);
    const answer = await first;
    if (answer.status === 201) {
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
      expect(answer.text).toBe(retry.text);
    } else expect(answer.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect(await registrationsOf(event.id)).toHaveLength(1);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ registrations: 2 });
  });

  it('refuses a key that is not 1 to 128 visible characters with 400, before anything is written', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const res = await register(f.member, registrationBody(event), 'x'.repeat(129));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: '/headers/Idempotency-Key', message: expect.any(String) }]);
    expect(await registrationsOf(event.id)).toHaveLength(0);
  });
});

describe('Idempotency-Key on the other creates', () => {
  it('replays POST orders and POST management/events instead of creating twice', async () => {
    const key = randomUUID();
    const eventBody = {
      name: 'Winter Gala',
      date: '2027-12-01',
      venueCapacity: 20,
      ticketTypes: [{ name: 'Adult', price: 12.5, fee: 0 }],
    };
    const post = () =>
      api.post('management/events', {
        token: f.admin.token,
        query: q(f),
        body: eventBody,
        headers: { 'Idempotency-Key': key },
      });
    const [a, b] = [await post(), await post()];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data.id).toBe(a.body.data.id);
    const event = a.body.data as Ev;
    const order = () =>
      api.post('orders', {
        token: f.member.token,
        query: q(f),
        body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 4 }] },
        headers: { 'Idempotency-Key': key },
      });
    const [o1, o2] = await Promise.all([order(), order()]);
    const ids = [o1, o2].filter((o) => o.status === 201).map((o) => o.body.data.id);
    expect(new Set(ids).size).toBe(1);
    const orders = (await storedDocuments(f.orgId, 'order')).filter((o: { eventId: string }) => o.eventId === event.id);
    expect(orders).toHaveLength(1);
  });

  it('keeps the key of a caller acting for no organization (a super admin creating one) and replays it', async () => {
    const key = randomUUID();
    const create = () =>
      api.post('organizations', {
        token: f.superToken,
        body: { name: `Idempotent Choir ${key.slice(0, 8)}` },
        headers: { 'Idempotency-Key': key },
      });
    const [first, retry] = [await create(), await create()];
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('binds a super admin key to one request: the same key adding a member to another organization is refused', async () => {
    const key = randomUUID();
    const body = { email: `twice-${key.slice(0, 8)}@example.org`, name: 'Twice Added', role: 'member' };
    const add = (orgId: string) =>
      api.post(`organizations/${orgId}/members`, { token: f.superToken, body, headers: { 'Idempotency-Key': key } });
    const [inOrg, inOther] = [await add(f.orgId), await add(f.outsider.orgId)];
    expect([inOrg.status, inOther.status]).toEqual([201, 409]);
    expect(inOther.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    const retry = await add(f.orgId);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(inOrg.text);
  });
});
