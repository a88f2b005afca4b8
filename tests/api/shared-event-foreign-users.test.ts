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

  it('no answer of any Shared Event route carries another organization’s raw user id or e-mail address', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others);
    const asA = { token: f.admin.token, query: { organizationId: f.orgId } };
    // The organizer's admin acts in every way that leaves its id in an answer: owner and creator, a channel assigned,
    // a grant issued to its own member, an invitation link made and revoked, a lifecycle move (audit entries).
    expect(
      (
        await api.put(`shared-events/${se.id}/external-sales-channels/externalA`, {
          ...asA,
          body: { mode: 'manual', responsibleOrgId: b.orgId },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.put(`shared-events/${se.id}/grants/${f.member.id}`, {
          ...asA,
          body: { capabilities: ['viewCombinedReports'] },
        })
      ).status,
    ).toBe(200);
    const link = await api.post(`shared-events/${se.id}/invitation-links`, { ...asA, body: {} });
    expect(link.status).toBe(201);
    expect((await api.del(`shared-events/${se.id}/invitation-links/${link.body.data.id}`, asA)).status).toBe(200);
    // B's admin gets the capabilities that reach each route (a super admin issues it, naming B).
    const grantB = await api.put(`shared-events/${se.id}/grants/${b.admin.id}`, {
      token: f.superToken,
      query: { organizationId: b.orgId },
      body: {
        capabilities: [
          'viewCombinedReports',
          'manageParticipants',
          'manageSharedDetails',
          'manageExternalSales',
          'manageOwners',
        ],
      },
    });
    expect(grantB.status).toBe(200);

    const asB = { token: b.admin.token, query: { organizationId: b.orgId } };
    const foreign = [f.admin.id, f.admin.email, f.member.id, f.member.email];
    const answers = [
      await api.get(`shared-events/${se.id}`, asB),
      await api.patch(`shared-events/${se.id}`, { ...asB, body: { description: 'Seen by B' } }),
      await api.patch(`shared-events/${se.id}/lifecycle`, { ...asB, body: { status: 'open' } }),
      await api.get(`shared-events/${se.id}/audit`, asB),
      await api.get(`shared-events/${se.id}/external-sales-channels`, asB),
      await api.get(`shared-events/${se.id}/external-sales-channels/externalA`, asB),
      await api.put(`shared-events/${se.id}/external-sales-channels/externalA`, {
        ...asB,
        body: { mode: 'manual', responsibleOrgId: b.orgId },
      }),
      await api.get(`shared-events/${se.id}/invitation-links`, asB),
      await api.put(`shared-events/${se.id}/grants/${b.admin.id}`, {
        ...asB,
        body: { capabilities: ['viewCombinedReports'] },
      }),
      await api.del(`shared-events/${se.id}/grants/${b.admin.id}`, asB),
      await api.get(`shared-events/${se.id}/capacity`, asB),
      await api.get(`shared-events/${se.id}/reports/combined`, asB),
      await api.get(`shared-events/${se.id}/reports/participant`, asB),
      await api.post(`shared-events/${se.id}/operation-status`, { ...asB, body: {} }),
      await api.get('shared-events', asB),
      // The participant-users list names A's people to B by user id (its purpose), never by e-mail address.
      await api.get(`shared-events/${se.id}/participants/${f.orgId}/users`, asB),
    ];
    const listed = answers.pop()!;
    const seen = answers.map((a) => a.status);
    // Most answers are 200s the test reads; the rest (a capability B lacks) must leak nothing either.
    expect(seen.filter((status) => status === 200).length).toBeGreaterThanOrEqual(13);
    for (const answer of answers) {
      for (const id of foreign)
        expect({ status: answer.status, leaks: answer.text.includes(id) }).toEqual({
          status: answer.status,
          leaks: false,
        });
    }
    // Pseudonyms stand in: the audit names A's admin by one, and the Shared Event view does too.
    const masked = pseudonymIn(answers[0].body.data.owners[0].userId);
    expect(answers[3].text).toContain(masked);
    if (listed.status === 200) {
      expect(listed.text).not.toContain(f.admin.email);
      expect(listed.text).not.toContain(f.member.email);
    }

    // The control: A's own admin sees A's people as they are, in the same answers.
    const own = await api.get(`shared-events/${se.id}/audit`, asA);
    expect(own.text).toContain(f.admin.id);
    expect(own.text).toContain(f.member.id);
  });
});

const pseudonymIn = (value: string) => {
  expect(value).toMatch(/^user-[0-9a-f]{24}$/);
  return value;
};
