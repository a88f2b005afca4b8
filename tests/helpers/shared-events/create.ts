import type { TestHost } from '../harness';
import type { OrgFixture } from '../fixtures';

/** A Shared Event creation body (docs/shared-events.md, our design): two showtimes, two templates, a pool of 300 a showtime. */
export function sharedEventBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Harbour Festival',
    description: 'Three choirs, one stage',
    location: 'Harbour Hall',
    date: '2027-07-01T18:00:00.000Z',
    showtimes: [{ dateTime: '2027-07-01T14:00:00.000Z', label: 'Matinee' }, { dateTime: '2027-07-01T19:00:00.000Z' }],
    ticketTypeTemplates: [
      { name: 'Adult', price: 30, fee: 2 },
      { name: 'Child', price: 12 },
    ],
    capacityPolicy: 'pool',
    sharedCapacity: { perShowtime: 300 },
    ...overrides,
  };
}

/** Creates a Shared Event organized by the fixture's organization, as its admin; returns the response data. */
export async function createSharedEvent(api: TestHost, f: OrgFixture, overrides: Record<string, unknown> = {}) {
  const res = await api.post('shared-events', {
    token: f.admin.token,
    query: { organizationId: f.orgId },
    body: sharedEventBody(overrides),
  });
  if (res.status !== 201) throw new Error(`create Shared Event failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Creates a Shared Event and opens it (a draft's projections take no sales: docs/shared-events.md). */
export async function createOpenSharedEvent(api: TestHost, f: OrgFixture, overrides: Record<string, unknown> = {}) {
  const se = await createSharedEvent(api, f, overrides);
  const res = await api.patch(`shared-events/${se.id}/lifecycle`, {
    token: f.admin.token,
    query: { organizationId: f.orgId },
    body: { status: 'open' },
  });
  if (res.status !== 200) throw new Error(`open Shared Event failed: ${res.status} ${res.text}`);
  return se;
}
