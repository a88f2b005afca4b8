import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../helpers/harness';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { setupPartner, type PartnerFixture } from '../helpers/delegations';
import { storedDocuments } from '../helpers/seed';
import { containers } from '../../shared/store/client';
import { queryAll } from '../../shared/store/operations';

/**
 * Identical keyed requests at once on the administrative creates that ride along (docs/decisions/api-contract.md,
 * "Which route takes which path"): add member, invitation, sales-delegation invite. Every copy runs its use case
 * up to its decisive write; one carries the key record, the others fail on it (or on the winner's document) and
 * answer from the record. One membership and one user, one invitation and one code index, one delegation and one
 * notification per partner admin; no copy answers 5xx.
 */
let api: TestHost;
let f: OrgFixture;
let partner: PartnerFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  partner = await setupPartner(api, f.superToken);
});
afterAll(() => api.close());

const COPIES = 15;
const atOnce = (send: () => Promise<ApiResponse>) => Promise.all(Array.from({ length: COPIES }, send));
const keyed = () => ({ 'Idempotency-Key': randomUUID() });

/** One fresh answer; every other copy replays it (same body) or answers IDEMPOTENCY_KEY_IN_PROGRESS; none 5xx. */
function expectOneWinner(answers: ApiResponse[]) {
  const fresh = answers.filter((a) => a.status === 201 && !a.headers.get('idempotent-replayed'));
  expect(fresh).toHaveLength(1);
  for (const answer of answers) {
    if (answer === fresh[0]) continue;
    if (answer.status === 201) {
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
      expect(answer.text).toBe(fresh[0].text);
    } else {
      expect({ status: answer.status, code: answer.body.errorCode }).toEqual({
        status: 409,
        code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
      });
    }
  }
  return fresh[0];
}

/** Documents of the `auth` or `users` container (partition = id) matching one field. */
const acrossAuth = <T>(container: 'auth' | 'users', docType: string, field: string, value: string) =>
  queryAll<T>(containers()[container], undefined, {
    query: `SELECT * FROM c WHERE c.docType = @type AND c.${field} = @value`,
    parameters: [
      { name: '@type', value: docType },
      { name: '@value', value },
    ],
  });

describe(`${COPIES} identical keyed administrative creates at once`, () => {
  it('POST organizations/{id}/members: one user, one membership', async () => {
    const email = `parallel-${randomUUID().slice(0, 8)}@example.org`;
    const headers = keyed();
    const body = { email, name: 'Parallel Member', role: 'member' };
    const winner = expectOneWinner(
      await atOnce(() => api.post(`organizations/${f.orgId}/members`, { token: f.superToken, body, headers })),
    );
    const users = await acrossAuth<{ id: string }>('users', 'user', 'email', email);
    expect(users.map((u) => u.id)).toEqual([winner.body.data.user.id]);
    const memberships = (await storedDocuments(f.orgId, 'membership')).filter(
      (m: { userId: string }) => m.userId === winner.body.data.user.id,
    );
    expect(memberships).toHaveLength(1);
  });

  it('POST organizations/{id}/invitations: one invitation, and the losing copies left no code index behind', async () => {
    const headers = keyed();
    const before = (await storedDocuments(f.orgId, 'invitation')).length;
    const indexesBefore = (await acrossAuth('auth', 'invitationIndex', 'organizationId', f.orgId)).length;
    const winner = expectOneWinner(
      await atOnce(() =>
        api.post(`organizations/${f.orgId}/invitations`, {
          token: f.admin.token,
          body: { role: 'member', maxUses: 5 },
          headers,
        }),
      ),
    );
    expect(await storedDocuments(f.orgId, 'invitation')).toHaveLength(before + 1);
    const indexes = await acrossAuth<{ id: string }>('auth', 'invitationIndex', 'organizationId', f.orgId);
    expect(indexes).toHaveLength(indexesBefore + 1);
    // The one code handed out resolves: someone can join with it.
    const join = await api.get(`join/${winner.body.data.code}`);
    expect(join.status).toBe(200);
  });

  it('POST …/sales-delegations: one delegation, one notification per partner admin', async () => {
    const event = await createEvent(api, f);
    const headers = keyed();
    const path = `organizations/${f.orgId}/events/${event.id}/sales-delegations`;
    const winner = expectOneWinner(
      await atOnce(() =>
        api.post(path, { token: f.admin.token, body: { partnerAdminEmail: partner.admin.email }, headers }),
      ),
    );
    const listed = await api.get(path, { token: f.admin.token });
    expect(listed.status).toBe(200);
    const delegations = listed.body.data.items ?? listed.body.data;
    expect(delegations.map((d: { id: string }) => d.id)).toEqual([winner.body.data.delegation.id]);
    const notes = (await storedDocuments(partner.orgId, 'notification')).filter(
      (n: { meta?: { delegationId?: string } }) => n.meta?.delegationId === winner.body.data.delegation.id,
    );
    expect(notes).toHaveLength(1); // the partner has one approved admin
  });
});
