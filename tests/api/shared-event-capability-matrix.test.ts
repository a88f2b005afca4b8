import { TestHost } from '../helpers/harness';
import { addPerson, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { createSharedEvent } from '../helpers/shared-events/create';
import { grantCapabilities, type Capability } from '../helpers/shared-events/grants';

/**
 * docs/shared-events.md ("named capability grants can delegate specific tasks without a broader role"): an admin of
 * the organizer who is not an owner holds, in turn, exactly one capability through the real grant route, and tries
 * every capability-gated task of this issue. Each task succeeds for exactly the capability it needs and is 403 for
 * every other one.
 */
let api: TestHost;
let f: OrgFixture;
let delegate: Person;
let sharedEvent: any;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  delegate = await addPerson(api, f.superToken, f.orgId, 'admin', 'Dana Delegate');
  sharedEvent = await createSharedEvent(api, f);
}, 60_000);
afterAll(() => api.close());

const q = () => ({ organizationId: f.orgId });
const path = (suffix = '') => `shared-events/${sharedEvent.id}${suffix}`;

/** Each task, the one capability it needs, and how the delegate tries it. */
const tasks: { name: string; needs: Capability; run: (held: Capability[]) => Promise<{ status: number }> }[] = [
  {
    name: 'rename',
    needs: 'manageSharedDetails',
    run: () => api.patch(path(), { token: delegate.token, query: q(), body: { name: `Renamed ${Date.now()}` } }),
  },
  {
    name: 'sync projections',
    needs: 'manageSharedDetails',
    run: () => api.post(path('/sync-projections'), { token: delegate.token, query: q(), body: {} }),
  },
  {
    name: 'reprice',
    needs: 'managePricing',
    run: () =>
      api.patch(path(), {
        token: delegate.token,
        query: q(),
        body: {
          ticketTypeTemplates: sharedEvent.ticketTypeTemplates.map((t: any) => ({
            id: t.id,
            name: t.name,
            price: 40 + Math.floor(Math.random() * 10),
          })),
        },
      }),
  },
  {
    name: 'create an invitation link',
    needs: 'manageParticipants',
    run: () => api.post(path('/invitation-links'), { token: delegate.token, query: q(), body: {} }),
  },
  {
    name: 'grant a member',
    needs: 'manageOwners',
    // A grantor hands out only what it holds: the delegate grants what it holds (a lone capability).
    run: (held) =>
      api.put(path(`/grants/${f.treasurer.id}`), {
        token: delegate.token,
        query: q(),
        body: { capabilities: held.length > 0 ? held : ['manageOwners'] },
      }),
  },
];

const capabilities: Capability[] = ['manageSharedDetails', 'managePricing', 'manageParticipants', 'manageOwners'];

describe('a named grant allows exactly its task', () => {
  it.each(capabilities)('holding only %s', async (capability) => {
    await grantCapabilities(api, {
      sharedEventId: sharedEvent.id,
      organizationId: f.orgId,
      grantorToken: f.admin.token,
      userId: delegate.id,
      capabilities: [capability],
    });
    const outcome: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const task of tasks) {
      const res = await task.run([capability]);
      outcome[task.name] = res.status >= 200 && res.status < 300 ? 200 : res.status;
      expected[task.name] = task.needs === capability ? 200 : 403;
    }
    expect(outcome).toEqual(expected);
  });

  it('with no grant at all, an admin who is not an owner can do none of them', async () => {
    await api.del(path(`/grants/${delegate.id}`), { token: f.admin.token, query: q() });
    for (const task of tasks)
      expect({ task: task.name, status: (await task.run([])).status }).toEqual({
        task: task.name,
        status: 403,
      });
  });
});
