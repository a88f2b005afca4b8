import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../helpers/harness';
import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { injectStoreFault, storedSharedEventDocuments } from '../helpers/seed';
import { sharedEventBody } from '../helpers/shared-events/create';

/**
 * The two creates that make a partition of their own (`POST organizations`, `POST shared-events`) used to claim
 * their key first, so a 5xx after a write that in fact committed released the key and the retry created a second
 * organization or Shared Event. With a key their new id is derived from it and the record rides in the create's
 * batch (docs/decisions/api-contract.md, "Which route takes which path"): the retry meets the first create.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  f = await setupOrganization(api);
});
afterAll(() => api.close());
afterEach(() => injectStoreFault(undefined));

/** The first batch of `container` lands, and its answer is replaced by a 503 (an ambiguous failure). */
function loseTheAnswerOfTheFirstBatchIn(container: string): () => boolean {
  let faulted = false;
  injectStoreFault((op) => {
    if (faulted || op.kind !== 'batch' || op.container !== container) return false;
    faulted = true;
    return { lostAnswer: 503 };
  });
  return () => faulted;
}

const expectInProgress = (res: ApiResponse) =>
  expect({ status: res.status, code: res.body.errorCode }).toEqual({
    status: 409,
    code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
  });

describe('A keyed create of a new partition whose write committed but answered 503', () => {
  it('POST organizations: the retry never creates a second organization', async () => {
    const name = `Lost Answer Choir ${randomUUID().slice(0, 8)}`;
    const headers = { 'Idempotency-Key': randomUUID() };
    const send = () => api.post('organizations', { token: f.superToken, body: { name }, headers });
    const faulted = loseTheAnswerOfTheFirstBatchIn('orgs');
    const first = await send();
    injectStoreFault(undefined);
    expect(faulted()).toBe(true);
    expectInProgress(first);
    expectInProgress(await send());
    const listed = await api.get('organizations', { token: f.superToken, query: { limit: '100' } });
    expect(listed.body.data.items.filter((o: { name: string }) => o.name === name)).toHaveLength(1);
  });

  it('POST shared-events: the retry never creates a second Shared Event', async () => {
    const name = `Lost Answer Festival ${randomUUID().slice(0, 8)}`;
    const headers = { 'Idempotency-Key': randomUUID() };
    const send = () =>
      api.post('shared-events', {
        token: f.admin.token,
        query: { organizationId: f.orgId },
        body: sharedEventBody({ name }),
        headers,
      });
    const faulted = loseTheAnswerOfTheFirstBatchIn('sharedEvents');
    const first = await send();
    injectStoreFault(undefined);
    expect(faulted()).toBe(true);
    expectInProgress(first);
    expectInProgress(await send());
    const listed = await api.get('shared-events', { token: f.admin.token, query: { organizationId: f.orgId } });
    expect(listed.status).toBe(200);
    const named = listed.body.data.items.filter((s: { name: string }) => s.name === name);
    expect(named).toHaveLength(1);
    expect(await storedSharedEventDocuments(named[0].id, 'sharedEvent')).toHaveLength(1);
  });
});
