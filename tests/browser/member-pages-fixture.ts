import type { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';

/**
 * The member whose pages issue 33's performance figures are taken of (tests/browser/lighthouse.test.ts and the by-hand
 * tests/browser/tbt-proxy.manual.ts): an event, a delivered order, a pending one and a direct sale, so every audited
 * page has something to show. `session` is what the client keeps in localStorage under `tickets.session`.
 */
export async function memberWithSales(api: TestHost) {
  const f = await setupOrganization(api);
  const event = await createEvent(api, f, { name: 'Lighthouse Gala' });
  const orders = orderApi(api, f);
  await orders.delivered(f.member, event, [2, 1]);
  await orders.create(f.member, event, [1, 0]);
  await api.post('registrations', {
    token: f.member.token,
    query: { organizationId: f.orgId },
    body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 2 }] },
  });
  const payload = JSON.parse(Buffer.from(f.member.token.split('.')[1]!, 'base64url').toString('utf8')) as {
    exp: number;
  };
  const session = JSON.stringify({
    token: f.member.token,
    expiresAt: new Date(payload.exp * 1000).toISOString(),
    userId: f.member.id,
    email: f.member.email,
  });
  return { f, session };
}
