import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../helpers/harness';
import { TestHost } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { seedSharedEvent, storedDocuments, storedSharedEventDocuments } from '../helpers/seed';
import { sharedEventBody } from '../helpers/shared-events/create';
import { checkInvariants } from '../../shared/domain/invariants/check';

/**
 * Identical keyed requests at once on the creates whose key record rides in a partition other than the caller's
 * organization (docs/decisions/api-contract.md, "Which route takes which path"): the super admin's direct add and
 * the invitation link (the Shared Event's partition, `keyRecordIn: 'sharedEvent'`), and the creates of a new
 * partition whose id the key derives (`POST shared-events`, `POST organizations`). Every copy runs its use case up to
 * its decisive write; one carries the key record, the others fail on it or on the winner's document (nothing of
 * their batch written) and answer from the record. No copy answers 5xx.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const COPIES = 15;
const atOnce = (send: () => Promise<ApiResponse>) => Promise.all(Array.from({ length: COPIES }, send));
const keyed = () => ({ 'Idempotency-Key': randomUUID() });
const newSharedEvent = () => seedSharedEvent({ organizerOrgId: f.orgId, ownerUserId: f.admin.id });

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

describe(`${COPIES} identical keyed Shared Event creates at once`, () => {
  it("POST shared-events/{id}/participants: one roster write (the winner's), one key record, audited once", async () => {
    const se = await newSharedEvent();
    const joining = await createOrganization(api, f.superToken, { name: `Joining ${randomUUID().slice(0, 6)}` });
    const headers = keyed();
    const winner = expectOneWinner(
      await atOnce(() =>
        api.post(`shared-events/${se.sharedEventId}/participants`, {
          token: f.superToken,
          body: { organizationId: joining },
          headers,
        }),
      ),
    );
    expect(winner.body.data).toMatchObject({ organizationId: joining, status: 'active' });
    // Each copy sets its own `updatedAt`: a second committed upsert would have replaced the winner's entry.
    const entries = (await storedSharedEventDocuments(se.sharedEventId, 'sharedEventParticipant')).filter(
      (p: { organizationId: string }) => p.organizationId === joining,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0].updatedAt).toBe(winner.body.data.updatedAt);
    expect(await storedSharedEventDocuments(se.sharedEventId, 'idempotencyKey')).toHaveLength(1);
    const added = (await storedSharedEventDocuments(se.sharedEventId, 'sharedEventAuditEntry')).filter(
      (a: { action: string }) => a.action === 'participant.added',
    );
    expect(added).toHaveLength(1);
  });

  it('POST shared-events/{id}/invitation-links: one link, one audit entry, and its token is the one handed out', async () => {
    const se = await newSharedEvent();
    const headers = keyed();
    const winner = expectOneWinner(
      await atOnce(() =>
        api.post(`shared-events/${se.sharedEventId}/invitation-links`, {
          token: f.admin.token,
          query: { organizationId: f.orgId },
          body: {},
          headers,
        }),
      ),
    );
    const links = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(links.map((l: { id: string }) => l.id)).toEqual([winner.body.data.id]);
    const audited = (await storedSharedEventDocuments(se.sharedEventId, 'sharedEventAuditEntry')).filter(
      (a: { action: string }) => a.action === 'invitationLink.created',
    );
    expect(audited).toHaveLength(1);
    const preview = await api.get('shared-event-invitations/preview', {
      token: f.member.token,
      query: { token: winner.body.data.token },
    });
    expect(preview.status).toBe(200);
  });

  it('a keyed direct add to a Shared Event that does not exist: its 404 is replayed, and no invariant breaks', async () => {
    const joining = await createOrganization(api, f.superToken, { name: `Lost ${randomUUID().slice(0, 6)}` });
    const headers = keyed();
    const path = `shared-events/${randomUUID()}/participants`;
    const send = () => api.post(path, { token: f.superToken, body: { organizationId: joining }, headers });
    const first = await send();
    expect([first.status, first.body.error]).toEqual([404, 'NOT_FOUND']);
    const again = await send();
    expect([again.status, again.body.error]).toEqual([404, 'NOT_FOUND']);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The kept answer lies in the partition the path named, which has no head: a key record alone is allowed there.
    const violations = (await checkInvariants()).filter((v) => v.rule === 'partitionKeyMatchesOwner');
    expect(violations).toEqual([]);
  });

  it('POST shared-events: one Shared Event (its id derived from the key), one roster, one projection, audited once', async () => {
    const headers = keyed();
    const winner = expectOneWinner(
      await atOnce(() =>
        api.post('shared-events', {
          token: f.admin.token,
          query: { organizationId: f.orgId },
          body: sharedEventBody({ name: 'Keyed Festival' }),
          headers,
        }),
      ),
    );
    const id = winner.body.data.id as string;
    expect(await storedSharedEventDocuments(id, 'sharedEvent')).toHaveLength(1);
    expect(await storedSharedEventDocuments(id, 'sharedEventParticipant')).toHaveLength(1);
    expect(await storedSharedEventDocuments(id, 'idempotencyKey')).toHaveLength(1);
    const created = (await storedSharedEventDocuments(id, 'sharedEventAuditEntry')).filter(
      (a: { action: string }) => a.action === 'sharedEvent.created',
    );
    expect(created).toHaveLength(1);
    const keyedFestivals = (await storedDocuments(f.orgId, 'event')).filter(
      (e: { name?: string }) => e.name === 'Keyed Festival',
    );
    expect(keyedFestivals).toHaveLength(1);
    // The same key for another body is refused: it names the winner's id, which the new body cannot take.
    const reused = await api.post('shared-events', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: sharedEventBody({ name: 'Another Festival' }),
      headers,
    });
    expect([reused.status, reused.body.errorCode]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('POST organizations: one organization (its id derived from the key)', async () => {
    const name = `Keyed Choir ${randomUUID().slice(0, 8)}`;
    const headers = keyed();
    const winner = expectOneWinner(
      await atOnce(() => api.post('organizations', { token: f.superToken, body: { name }, headers })),
    );
    const listed = await api.get('organizations', { token: f.superToken, query: { limit: '100' } });
    expect(listed.status).toBe(200);
    const named = listed.body.data.items.filter((o: { name: string }) => o.name === name);
    expect(named.map((o: { id: string }) => o.id)).toEqual([winner.body.data.id]);
    expect(await storedDocuments(winner.body.data.id, 'idempotencyKey')).toHaveLength(1);
  });
});
