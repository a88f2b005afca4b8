import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import {
  countersAgainstLedger,
  jointSharedEvent,
  participantOrganizations,
  sellOnProjection,
  type Participant,
} from '../helpers/shared-capacity';

/**
 * Sales on Shared Event projections (02 rule 1, issue 13): every capacity-taking write reserves on the Shared
 * Event's counter, writes its local document, then commits; the counters always equal their ledger.
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  others = await participantOrganizations(api, f, ['Choir B', 'Choir C']);
}, 60_000);
afterAll(() => api.close());

const sellers = () => [
  { orgId: f.orgId, token: f.admin.token },
  ...others.map((o) => ({ orgId: o.orgId, token: o.admin.token })),
];

describe('pool mode', () => {
  it('3 organizations × 20 parallel sales against a pool of 30 commit exactly 30', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    const results = await Promise.all(
      sellers().flatMap((seller) => Array.from({ length: 20 }, () => sellOnProjection(api, seller, se))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body).toMatchObject({
        success: false,
        error: 'CAPACITY_EXCEEDED',
        errorCode: 'CAPACITY_EXCEEDED',
      });
      expect(refused.body.data?.availableCapacity).toBeUndefined();
      expect(refused.body.data?.requestedDelta).toBeUndefined();
    }
    const counters = await countersAgainstLedger(se.id);
    const pool = counters.find((c) => c.id === `pool:${se.showtimes[0].showtimeId}`);
    expect(pool?.counter).toEqual({ capacity: 30, reserved: 0, committed: 30 });
    for (const c of counters) expect(c.counter).toEqual(c.ledger);
  }, 60_000);
});
