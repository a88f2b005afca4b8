import { randomUUID } from 'node:crypto';
import type { TestHost } from './harness';
import type { OrgFixture, Person } from './fixtures';

/** Ticket and door helpers for the black-box tests: every step goes through the HTTP API. */
export interface Ticket {
  serial: string;
  ticketTypeId: string;
  showtimeId: string;
  status: string;
  code: string;
}

export function ticketApi(api: TestHost, f: OrgFixture) {
  const q = { organizationId: f.orgId };
  const tickets = async (path: string, who: Person = f.ticketManager): Promise<Ticket[]> => {
    const res = await api.get(`${path}/tickets`, { token: who.token, query: q });
    if (res.status !== 200) throw new Error(`tickets of ${path} failed: ${res.status} ${res.text}`);
    return res.body.data.items;
  };
  const scan = (body: Record<string, unknown>, who: Person = f.ticketManager) =>
    api.post('check-ins', { token: who.token, query: q, body: { nonce: nonce(), ...body } });
  const batch = (scans: Record<string, unknown>[], who: Person = f.ticketManager) =>
    api.post('check-ins/batch', { token: who.token, query: q, body: { scans } });
  return { q, tickets, scan, batch };
}

export const nonce = () => randomUUID().replace(/-/g, '');
