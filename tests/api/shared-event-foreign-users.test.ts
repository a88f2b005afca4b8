import type { TestHost } from '../helpers/harness';
import type { OrgFixture } from '../helpers/fixtures';
import { jointSharedEvent, threeOrganizations, type Participant } from '../helpers/shared-events/capacity';
import { createHash } from 'node:crypto';

/** The unkeyed hash pseudonyms once were: anyone knowing raw user ids could compute it and link a pseudonym. */
const unkeyedHashOf = (sharedEventId: string, userId: string) =>
  `user-${createHash('sha256').update(`${sharedEventId}|${userId}`).digest('hex').slice(0, 24)}`;

/**
 * Issue 22: a participant's members never see another organization's raw user ids in Shared Event views (owners,
 * grants and their issuer, channel assignments, audit actors): they see the organization and a pseudonym stable within
 * the Shared Event. Their own organization's people, and everything for a super admin, stay as they are.
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];
beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000);
afterAll(() => api.close());

describe('other tenants’ user ids in Shared Event views', () => {
  it('B sees the organizer’s admin only by organization and pseudonym; the organizer and a super admin see the id', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others);
    const channel = await api.put(`shared-events/${se.id}/external-sales-channels/externalA`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { mode: 'manual', responsibleOrgId: b.orgId },
    });
    expect(channel.status).toBe(200);
    // A super admin issues B's admin a grant (grants are issued within the grantee's organization).
    const grant = await api.put(`shared-events/${se.id}/grants/${b.admin.id}`, {
      token: f.superToken,
      query: { organizationId: b.orgId },
      body: { capabilities: ['viewCombinedReports'] },
    });
    expect(grant.status).toBe(200);
    const asB = { token: b.admin.token, query: { organizationId: b.orgId } };
    const masked = (await api.get(`shared-events/${se.id}`, asB)).body.data.owners[0].userId as string;
    expect(masked).toMatch(/^user-[0-9a-f]{24}$/);
    // Keyed (a server-side key derived from the JWT secret): not the hash anyone could compute from a raw user id.
    expect(masked).not.toBe(unkeyedHashOf(se.id, f.admin.id));

    const views = [
      await api.get(`shared-events/${se.id}`, asB),
      await api.get(`shared-events/${se.id}/audit`, asB),
      await api.get(`shared-events/${se.id}/external-sales-channels`, asB),
    ];
    for (const view of views) {
      expect(view.status).toBe(200);
      expect(view.text).not.toContain(f.admin.id);
      expect(view.text).toContain(masked);
    }
    const head = views[0].body.data;
    expect(head.owners).toEqual([expect.objectContaining({ userId: masked, organizationId: f.orgId })]);
    // B's own admin: B sees its own id; the issuer (a super admin, of no organization here) by pseudonym.
    expect(head.grants).toEqual([
      expect.objectContaining({
        userId: b.admin.id,
        organizationId: b.orgId,
        issuedBy: expect.stringMatching(/^user-/),
      }),
    ]);

    const asOrganizer = await api.get(`shared-events/${se.id}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(asOrganizer.body.data.owners[0].userId).toBe(f.admin.id);
    expect(asOrganizer.body.data.grants[0].userId).not.toBe(b.admin.id); // the other way round, too
    const asSuper = await api.get(`shared-events/${se.id}/audit`, { token: f.superToken });
    expect(asSuper.text).toContain(f.admin.id);
  });
});
