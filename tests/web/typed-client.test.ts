import { ApiError, createApi } from '../../web/src/api/client';
import { randomIp, TestHost } from '../helpers/harness';
import { assertResponseContract } from '../helpers/response-contract';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';

/**
 * The web client's data layer (web/src/api/client.ts) driven against the real local host: the same typed calls the
 * pages make, through login by code to a sold order, and the error path the pages show (code, data, correlation id).
 */
let api: TestHost;
let f: OrgFixture;

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api?.close());

/** A client as a browser tab holds it: its own token, and what it does on a 401. */
function clientFor(token?: string) {
  const session = { token, loggedOut: 0 };
  const ip = randomIp(); // one client address per tab, as the per-IP login limit sees people
  const fetchWithIp: typeof fetch = async (input, init) => {
    const request = new Request(input as Request, init);
    request.headers.set('x-forwarded-for', ip);
    const response = await fetch(request);
    // The typed client's answers are held to the contract like the harness's (tests/helpers/response-contract.ts).
    const text = await response.clone().text();
    assertResponseContract(request.method, new URL(request.url), response.status, response.headers, text);
    return response;
  };
  const { client, unwrap } = createApi({
    baseUrl: api.url,
    getToken: () => session.token,
    onUnauthorized: () => (session.loggedOut += 1),
    fetch: fetchWithIp,
  });
  return { client, unwrap, session };
}

describe('the typed web client against the local host', () => {
  it('logs in by code, requests, gets approved and delivered, reports sold: every answer unwrapped', async () => {
    const member = clientFor();
    const email = f.member.email;
    expect(await member.unwrap(member.client.POST('/api/auth/magic-link', { body: { email } }))).toEqual({
      sent: true,
    });
    const code = /code: (\d{6})/.exec(api.lastEmailTo(email)?.text ?? '')?.[1] ?? '';
    const verified = await member.unwrap(member.client.POST('/api/auth/verify-code', { body: { email, code } }));
    expect(verified.user.email).toBe(email);
    expect(Date.parse(verified.expiresAt)).toBeGreaterThan(Date.now());
    member.session.token = verified.token;

    const me = await member.unwrap(member.client.GET('/api/auth/me'));
    const organizationId = me.memberships[0].organizationId;
    expect(organizationId).toBe(f.orgId);

    const event = await createEvent(api, f);
    const active = await member.unwrap(
      member.client.GET('/api/events-active', { params: { query: { organizationId } } }),
    );
    expect(active?.id).toBe(event.id);
    const [adult, child] = active!.ticketTypes;
    const order = await member.unwrap(
      member.client.POST('/api/orders', {
        params: { query: { organizationId } },
        body: {
          eventId: event.id,
          tickets: [
            { ticketTypeId: adult.id, quantity: 2 },
            { ticketTypeId: child.id, quantity: 1 },
          ],
        },
      }),
    );
    expect(order.status).toBe('pending');

    const manager = clientFor(f.ticketManager.token);
    const path = { params: { path: { id: order.id }, query: { organizationId } } };
    expect((await manager.unwrap(manager.client.POST('/api/orders/{id}/approve', path))).status).toBe('approved');
    expect((await manager.unwrap(manager.client.POST('/api/orders/{id}/deliver', path))).status).toBe('delivered');

    const sold = await member.unwrap(
      member.client.POST('/api/orders/{id}/report-sold', {
        ...path,
        body: {
          soldQuantity: 3,
          soldTypeQuantities: [
            { ticketTypeId: adult.id, soldQuantity: 2 },
            { ticketTypeId: child.id, soldQuantity: 1 },
          ],
        },
      }),
    );
    expect(sold).toMatchObject({ status: 'awaitingReconciliation', soldQuantity: 3 });
    const mine = await member.unwrap(member.client.GET('/api/me/orders', { params: { query: { organizationId } } }));
    expect(mine.items.map((o) => [o.id, o.status])).toEqual([[order.id, 'awaitingReconciliation']]);
  });

  it('turns a refusal into an ApiError with the code, the data and the correlation id of the answer', async () => {
    const manager = clientFor(f.ticketManager.token);
    const error = await manager
      .unwrap(
        manager.client.POST('/api/orders/{id}/transfer', {
          params: { path: { id: 'no-such-order' }, query: { organizationId: f.orgId } },
          body: { toUserId: f.member2.id, transferRequestId: '3f1c1f6e-8d7e-4a51-9d0b-9f0a7a1f0c11', quantity: 1 },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('NOT_FOUND');
    expect(apiError.correlationId).toMatch(/\S{8,}/);
    expect(apiError.message.length).toBeGreaterThan(0);
  });

  it('calls the logged-out hook on a 401 (a revoked token) and still throws', async () => {
    const token = await api.login(f.member2.email);
    const tab = clientFor(token);
    await tab.unwrap(tab.client.POST('/api/auth/logout', { body: {} }));
    const error = (await tab.unwrap(tab.client.GET('/api/auth/me')).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(tab.session.loggedOut).toBe(1);
  });

  it('reads Retry-After from a 429 so the page can say when to try again', async () => {
    const tab = clientFor(); // one client address: the per-IP limit applies
    let limited: ApiError | undefined;
    for (let i = 0; i < 12 && !limited; i += 1) {
      const error = await tab
        .unwrap(tab.client.POST('/api/auth/magic-link', { body: { email: `nobody-${i}@example.org` } }))
        .then(() => undefined)
        .catch((e: ApiError) => e);
      if (error?.status === 429) limited = error;
    }
    expect(limited?.code).toBe('RATE_LIMITED');
    expect(limited?.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('gives NETWORK_ERROR, not an unhandled rejection, when nothing answers', async () => {
    const { client, unwrap } = createApi({ baseUrl: 'http://127.0.0.1:9', getToken: () => undefined });
    const error = (await unwrap(client.GET('/api/health')).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });
});
