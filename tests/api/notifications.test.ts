import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { injectStoreFault, seedNotificationCreatedAgo, seedNotifications } from '../helpers/seed';

/**
 * Notifications are produced by other features (transfers, force-record-sold); here the seed module writes
 * them through the same `notify` those features call, and everything after that goes through the HTTP routes.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => {
  injectStoreFault(undefined);
  return api.close();
});

const q = () => ({ organizationId: f.orgId });
const note = (userId: string, title: string) => ({
  userId,
  type: 'test',
  title,
  message: `${title} message`,
  actionUrl: '/history',
});

describe('notifications', () => {
  it('lists only the caller’s unexpired notifications, newest first, with the unread count', async () => {
    await seedNotifications(f.orgId, [note(f.member.id, 'first')]);
    await new Promise((r) => setTimeout(r, 5));
    await seedNotifications(f.orgId, [note(f.member.id, 'second'), note(f.member2.id, 'not yours')]);
    await seedNotificationCreatedAgo(f.orgId, note(f.member.id, 'expired'), 31 * 24 * 3600 * 1000);
    const res = await api.get('notifications', { token: f.member.token, query: q() });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((n: any) => n.title)).toEqual(['second', 'first']);
    expect(res.body.data.unreadCount).toBe(2);
    expect(res.body.data.items[0]).toEqual({
      id: expect.any(String),
      type: 'test',
      title: 'second',
      message: 'second message',
      actionUrl: '/history',
      meta: {},
      read: false,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const lifetimeDays =
      (Date.parse(res.body.data.items[0].expiresAt) - Date.parse(res.body.data.items[0].createdAt)) / 86400000;
    expect(lifetimeDays).toBe(30);
  });

  it('returns at most the 50 most recent', async () => {
    const many = Array.from({ length: 55 }, (_, i) => note(f.treasurer.id, `n${i}`));
    await seedNotifications(f.orgId, many);
    const res = await api.get('notifications', { token: f.treasurer.token, query: q() });
    expect(res.body.data.items).toHaveLength(50);
    expect(res.body.data.unreadCount).toBe(55);
  });

  it('marks one read, then all read', async () => {
    const list = await api.get('notifications', { token: f.member.token, query: q() });
    const id = list.body.data.items[0].id;
    const read = await api.post(`notifications/${id}/read`, { token: f.member.token, query: q() });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, read: true, readAt: expect.any(String) });
    expect((await api.get('notifications', { token: f.member.token, query: q() })).body.data.unreadCount).toBe(1);
    const all = await api.post('notifications/read-all', { token: f.member.token, query: q() });
    expect(all.body.data).toEqual({ updated: 1 });
    expect((await api.get('notifications', { token: f.member.token, query: q() })).body.data.unreadCount).toBe(0);
    // Another member's notifications are untouched by read-all.
    expect((await api.get('notifications', { token: f.member2.token, query: q() })).body.data.unreadCount).toBe(1);
  });

  it('never lets a member read, mark or delete another member’s notification', async () => {
    const theirs = (await api.get('notifications', { token: f.member2.token, query: q() })).body.data.items[0];
    const asOther = [
      await api.post(`notifications/${theirs.id}/read`, { token: f.member.token, query: q() }),
      await api.del(`notifications/${theirs.id}`, { token: f.member.token, query: q() }),
      await api.post(`notifications/${theirs.id}/read`, { token: f.admin.token, query: q() }),
      await api.post(`notifications/${theirs.id}/read`, {
        token: f.outsider.token,
        query: { organizationId: f.outsider.orgId },
      }),
    ];
    for (const res of asOther) expect(res.status).toBe(404);
    const mine = await api.get('notifications', { token: f.member.token, query: q() });
    expect(mine.body.data.items.some((n: any) => n.id === theirs.id)).toBe(false);
    const still = (await api.get('notifications', { token: f.member2.token, query: q() })).body.data;
    expect(still.items[0]).toMatchObject({ id: theirs.id, read: false });
  });

  it('deletes the caller’s own notification', async () => {
    const mine = (await api.get('notifications', { token: f.member.token, query: q() })).body.data.items[0];
    expect((await api.del(`notifications/${mine.id}`, { token: f.member.token, query: q() })).status).toBe(200);
    expect((await api.del(`notifications/${mine.id}`, { token: f.member.token, query: q() })).status).toBe(404);
  });

  it('read-all survives a notification deleted between its query and its batch', async () => {
    await seedNotifications(f.orgId, [note(f.ticketManager.id, 'keep'), note(f.ticketManager.id, 'vanish')]);
    const items = (await api.get('notifications', { token: f.ticketManager.token, query: q() })).body.data.items;
    const vanish = items.find((n: any) => n.title === 'vanish');
    // Hold the first batch until the delete has landed, so the batch meets a document that is gone.
    let release!: () => void;
    const held = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    let holding = true;
    injectStoreFault((op) => {
      if (op.kind !== 'batch' || !holding) return false;
      holding = false;
      return held;
    });
    const readAll = api.post('notifications/read-all', { token: f.ticketManager.token, query: q() });
    await new Promise((r) => setTimeout(r, 50));
    const deleted = await api.del(`notifications/${vanish.id}`, { token: f.ticketManager.token, query: q() });
    release();
    const res = await readAll;
    injectStoreFault(undefined);
    expect(deleted.status).toBe(200);
    expect(res.status).toBe(200);
    const after = (await api.get('notifications', { token: f.ticketManager.token, query: q() })).body.data;
    expect(after.unreadCount).toBe(0);
    expect(after.items.map((n: any) => n.title)).toEqual(['keep']);
  });

  it('refuses an outsider with 403 on the organization', async () => {
    expect((await api.get('notifications', { token: f.outsider.token, query: q() })).status).toBe(403);
  });

  it('reads the list with the auth read plus two queries', async () => {
    const res = await api.get('notifications', { token: f.member.token, query: q() });
    expect(res.headers.get('x-store-ops')).toBe('3');
  });
});
