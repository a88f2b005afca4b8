import { recordRoute } from '../../shared/http/route';
import { conflict } from '../../shared/errors';
import { object, pageQuery } from '../../shared/domain/vocabulary/schema-parts';
import { pageOf } from '../../shared/domain/vocabulary/response-parts';
import { containers } from '../../shared/store/client';
import { createItem, readItem, replaceItem, withEtagRetry } from '../../shared/store/operations';
import { queryPage } from '../../shared/store/pagination';
import { runWithRequestContext, currentRequestContext } from '../../shared/request-context';
import { TestHost } from '../helpers/harness';
import { injectStoreFault, seedProbeDocuments } from '../helpers/seed';

/** Routes that exist only in this test file, to drive the wrapper through its failure paths. */
recordRoute({
  name: 'test-boom',
  method: 'GET',
  route: 'test/boom',
  auth: 'public',
  summary: 'throws an unexpected error',
  handler: async () => {
    throw new Error('secret store message at /internal/path');
  },
});
recordRoute({
  name: 'test-typed',
  method: 'POST',
  route: 'test/typed',
  auth: 'public',
  summary: 'throws a typed error',
  body: object({ n: { type: 'integer', minimum: 1 } }, ['n']),
  handler: async () => {
    throw conflict('Not enough seats', 'CAPACITY_EXCEEDED', { availableCapacity: 2, requestedDelta: 5 });
  },
});
recordRoute({
  name: 'test-contention',
  method: 'GET',
  route: 'test/contention',
  auth: 'public',
  summary: 'a store precondition failure that outlived its retries',
  handler: async () => {
    throw Object.assign(new Error('Precondition Failed: etag mismatch on doc 123'), { code: 412 });
  },
});
recordRoute({
  name: 'test-list',
  method: 'GET',
  route: 'test/list',
  auth: 'member',
  summary: 'pages through a partition',
  query: object(pageQuery),
  response: pageOf({ type: 'object' }),
  handler: async ({ organizationId, query }) => {
    const q = query as { limit: number; continuationToken?: string };
    return queryPage(
      containers().orgs,
      organizationId,
      {
        query: "SELECT * FROM c WHERE c.organizationId = @o AND c.docType = 'probe' ORDER BY c.n",
        parameters: [{ name: '@o', value: organizationId }],
      },
      q.limit,
      q.continuationToken,
    );
  },
});

let api: TestHost;
let token: string;
beforeAll(async () => {
  api = await TestHost.start();
  token = await api.loginSuperAdmin();
  // A super admin's organization scope reads the organization (a soft-deleted or unknown one is 404).
  await seedProbeDocuments('org-probe', 7, { withOrganization: true });
});
afterAll(() => {
  injectStoreFault(undefined);
  return api.close();
});

describe('error envelope', () => {
  it('turns an unexpected error into a 500 with a correlation id and no internals', async () => {
    const res = await api.get('test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ success: false, error: 'INTERNAL' });
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toContain('/internal/path');
    const correlationId = res.headers.get('x-correlation-id')!;
    expect(res.body.message).toContain(correlationId);
  });

  it('answers a store conflict that outlived its retries with 409 CONFLICT, never 500 or the store text', async () => {
    const res = await api.get('test/contention');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: 'CONFLICT',
      message: 'The record was changed by another request; try again',
    });
  });

  it('gives named codes as error and errorCode with their data', async () => {
    const res = await api.post('test/typed', { body: { n: 1 } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: 'CAPACITY_EXCEEDED',
      errorCode: 'CAPACITY_EXCEEDED',
      message: 'Not enough seats',
      data: { availableCapacity: 2, requestedDelta: 5 },
    });
  });

  it.each([
    ['fractional', { n: 1.5 }],
    ['negative', { n: -1 }],
    ['string', { n: '1' }],
    ['array body', [1]],
    ['null body', null],
  ])('refuses a %s value with 400 before the handler runs', async (_label, body) => {
    const res = await api.post('test/typed', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });

  it('maps a store outage to 503, not 500', async () => {
    injectStoreFault((op) => op.container === 'users');
    const res = await api.get('auth/me', { token });
    injectStoreFault(undefined);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, error: 'UNAVAILABLE' });
  });
});

describe('paged queries', () => {
  it('pages with opaque continuation tokens and reports the store calls it made', async () => {
    const first = await api.get('test/list', { token, query: { organizationId: 'org-probe', limit: 3 } });
    expect(first.status).toBe(200);
    expect(first.body.data.items.map((i: { n: number }) => i.n)).toEqual([0, 1, 2]);
    expect(first.body.data.continuationToken).toEqual(expect.any(String));
    // user read + membership read + one query page
    expect(first.headers.get('x-store-ops')).toBe('3');
    expect(Number(first.headers.get('x-store-ru'))).toBeGreaterThan(0);
    const second = await api.get('test/list', {
      token,
      query: { organizationId: 'org-probe', limit: 3, continuationToken: first.body.data.continuationToken },
    });
    expect(second.body.data.items.map((i: { n: number }) => i.n)).toEqual([3, 4, 5]);
  });

  it.each([
    ['malformed token', { continuationToken: 'garbage' }],
    ['limit above 200', { limit: 201 }],
    ['limit zero', { limit: 0 }],
    ['fractional limit', { limit: 2.5 }],
    ['unknown parameter', { color: 'red' }],
  ])('refuses a %s with 400', async (_label, extra) => {
    const res = await api.get('test/list', { token, query: { organizationId: 'org-probe', ...extra } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });
});

describe('ETag helpers', () => {
  it('lets every concurrent increment land exactly once through IfMatch retries', async () => {
    await createItem(containers().orgs, { id: 'counter-1', organizationId: 'org-probe', docType: 'probe', value: 0 });
    const bump = () =>
      withEtagRetry(async () => {
        const doc = (await readItem<{ id: string; value: number }>(containers().orgs, 'org-probe', 'counter-1'))!;
        await replaceItem(containers().orgs, 'org-probe', { ...doc, value: doc.value + 1 }, doc._etag);
      }, 50);
    await Promise.all(Array.from({ length: 10 }, bump));
    const final = await readItem<{ value: number }>(containers().orgs, 'org-probe', 'counter-1');
    expect(final!.value).toBe(10);
  });

  it('counts store calls per request context', async () => {
    const ops = await runWithRequestContext(async () => {
      await readItem(containers().orgs, 'org-probe', 'probe-1');
      await readItem(containers().orgs, 'org-probe', 'missing');
      return currentRequestContext()!.storeOps;
    });
    expect(ops).toBe(2);
  });
});
