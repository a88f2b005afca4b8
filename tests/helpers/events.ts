import type { ApiResponse, TestHost } from './harness';
import type { OrgFixture, Person } from './fixtures';

/** Small helpers for the event-side tests: every call goes through the HTTP API. */
export const q = (f: OrgFixture) => ({ organizationId: f.orgId });

export async function capacitySummary(api: TestHost, f: OrgFixture, eventId: string) {
  const res = await api.get(`events/${eventId}/capacity-summary`, { token: f.member.token, query: q(f) });
  if (res.status !== 200) throw new Error(`capacity-summary failed: ${res.status} ${res.text}`);
  return res.body.data as {
    showtimes: Record<string, number | string>[];
    aggregate: Record<string, number>;
  };
}

export async function showtimeSold(api: TestHost, f: OrgFixture, eventId: string) {
  const summary = await capacitySummary(api, f, eventId);
  return Object.fromEntries(summary.showtimes.map((s) => [s.showtimeId, s.sold]));
}

export function giveFree(
  api: TestHost,
  f: OrgFixture,
  event: { id: string; showtimes: { showtimeId: string }[]; ticketTypes: { id: string }[] },
  quantity: number,
  showtime = 0,
  who: Person = f.ticketManager,
): Promise<ApiResponse> {
  return api.post(`events/${event.id}/free-tickets`, {
    token: who.token,
    query: q(f),
    body: {
      showtimeId: event.showtimes[showtime].showtimeId,
      ticketTypeId: event.ticketTypes[0].id,
      quantity,
      recipient: 'Guest',
    },
  });
}

export function sellExternal(
  api: TestHost,
  f: OrgFixture,
  event: { id: string; showtimes: { showtimeId: string }[]; ticketTypes: { id: string }[] },
  quantity: number,
  showtime = 0,
  who: Person = f.ticketManager,
): Promise<ApiResponse> {
  return api.post(`management/events/${event.id}/showtimes/${event.showtimes[showtime].showtimeId}/external-sales`, {
    token: who.token,
    query: q(f),
    body: { tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity }], source: 'box office' },
  });
}

export const TWO_SHOWTIMES = {
  showtimes: [
    { dateTime: '2027-05-01T14:00:00.000Z', label: 'Matinee' },
    { dateTime: '2027-05-01T19:00:00.000Z', label: 'Evening' },
  ],
};
