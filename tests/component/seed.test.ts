import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ORDER_STATUSES } from '../../shared/domain/orders/model';
import { DEMO_PEOPLE, seedDemoOrganization, type SeedResult } from '../../scripts/seed/demo-organization';
import { loginInstructions } from '../../scripts/seed/login-instructions';
import { randomIp, SUPER_ADMIN_EMAIL, TestHost } from '../helpers/harness';

/**
 * `npm run seed`'s work, run in process against a local host: everything it claims to create is read back through
 * the API, a second run finds the first, and the printed login commands are run in a real shell.
 */
let api: TestHost;
let first: SeedResult;
let superToken: string;
const seed = () =>
  seedDemoOrganization({
    baseUrl: `${api.url}/api/`,
    outboxFile: api.outboxFile,
    superAdminEmail: SUPER_ADMIN_EMAIL,
    headers: () => ({ 'x-forwarded-for': randomIp() }),
  });

beforeAll(async () => {
  api = await TestHost.start();
  first = await seed();
  superToken = await api.loginSuperAdmin();
}, 60_000);
afterAll(() => api.close());

const q = () => ({ organizationId: first.organizationId });

describe('the demo organization', () => {
  it('exists with an admin, a ticket manager, a treasurer and members, named as printed', async () => {
    expect(first.created).toBe(true);
    const org = await api.get(`organizations/${first.organizationId}`, { token: superToken });
    expect(org.body.data.name).toBe('Demo Choir');
    const members = await api.get(`organizations/${first.organizationId}/members`, { token: superToken });
    const byEmail = Object.fromEntries(members.body.data.items.map((m: any) => [m.user.email, m.role]));
    expect(byEmail).toEqual(Object.fromEntries(DEMO_PEOPLE.map((p) => [p.email, p.role])));
    expect(new Set(Object.values(byEmail))).toEqual(new Set(['admin', 'ticketManager', 'treasurer', 'member']));
  });

  it('has an event on two showtimes and an order in every state of the lifecycle', async () => {
    const event = await api.get(`events/${first.eventId}`, { token: superToken, query: q() });
    expect(event.body.data.showtimes.map((s: any) => s.label)).toEqual(['Matinee', 'Evening']);
    const orders = await api.get('orders', {
      token: superToken,
      query: { ...q(), eventId: first.eventId, archived: 'all', limit: 100 },
    });
    const items: any[] = orders.body.data.items;
    expect(new Set(items.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const byId = Object.fromEntries(items.map((o) => [o.id, o]));
    const ids = first.orders!;
    expect(byId[ids.pending].status).toBe('pending');
    expect(byId[ids.approved].status).toBe('approved');
    expect(byId[ids.delivered]).toMatchObject({ status: 'delivered', totalQuantity: 4 });
    expect(byId[ids.delivered].soldQuantity ?? 0).toBe(0);
    // Partly reported: still delivered, some but not all of its tickets reported sold.
    expect(byId[ids.partlyReported]).toMatchObject({ status: 'delivered', soldQuantity: 3, totalQuantity: 7 });
    expect(byId[ids.awaitingReconciliation]).toMatchObject({
      status: 'awaitingReconciliation',
      soldQuantity: 4,
      returnedQuantity: 1,
    });
    expect(byId[ids.settled]).toMatchObject({ status: 'settled', invoiceBasisValid: true });
    expect(byId[ids.cancelled]).toMatchObject({ status: 'cancelled', cancelReason: 'Ordered twice by mistake' });
  });

  it('has registrations, free tickets and external sales', async () => {
    const history = async (email: string) =>
      (await api.get('me/history', { token: await api.login(email), query: q() })).body.data.items as any[];
    const registrations = [
      ...(await history('mia.member@example.org')),
      ...(await history('max.member@example.org')),
    ].filter((i) => i.kind === 'registration');
    expect(registrations.map((r) => r.totalQuantity).sort()).toEqual([2, 2]);

    const free = await api.get(`events/${first.eventId}/free-tickets`, { token: superToken, query: q() });
    expect(free.status).toBe(200);
    expect(JSON.stringify(free.body.data)).toContain('Local press');
    const external = await api.get(`management/events/${first.eventId}/external-sales`, {
      token: superToken,
      query: q(),
    });
    expect(external.status).toBe(200);
    const sources = JSON.stringify(external.body.data);
    expect(sources).toContain('box office');
    expect(sources).toContain('web shop');
  });
});

describe('running the seed again', () => {
  it('finds the first organization instead of making a copy', async () => {
    const again = await seed();
    expect(again).toMatchObject({ created: false, organizationId: first.organizationId });
    const list = await api.get('organizations', { token: superToken, query: { limit: 100 } });
    expect(list.body.data.items.filter((o: any) => o.name === 'Demo Choir')).toHaveLength(1);
    expect(loginInstructions(again, api.url, api.outboxFile)).toContain('already exists');
  });

  it('makes another organization with the same people under another name', async () => {
    const other = await seedDemoOrganization({
      baseUrl: api.url,
      outboxFile: api.outboxFile,
      superAdminEmail: SUPER_ADMIN_EMAIL,
      organizationName: 'Demo Choir 2',
      headers: () => ({ 'x-forwarded-for': randomIp() }),
    });
    expect(other.created).toBe(true);
    expect(other.organizationId).not.toBe(first.organizationId);
    const members = await api.get(`organizations/${other.organizationId}/members`, { token: superToken });
    expect(members.body.data.items.map((m: any) => m.user.email).sort()).toEqual(
      DEMO_PEOPLE.map((p) => p.email).sort(),
    );
  });
});

describe('the printed login instructions', () => {
  it('name every person and, run in a shell as printed, log the admin in and list the orders', async () => {
    const text = loginInstructions(first, api.url, api.outboxFile);
    for (const person of DEMO_PEOPLE) expect(text).toContain(person.email);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\./); // never a token
    // The commands are the indented lines from EMAIL= on; a shell runs them exactly as a person would paste them.
    const lines = text.split('\n');
    const script = lines
      .slice(lines.findIndex((l) => l.trim().startsWith('EMAIL=')))
      .filter((l) => l.startsWith('  '))
      .join('\n');
    expect(script).toContain('TOKEN=$(');
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { timeout: 20_000 });
    expect(stdout).toContain('"email":"ada.admin@example.org"');
    expect(stdout).toContain(first.orders!.settled);
  });
});
