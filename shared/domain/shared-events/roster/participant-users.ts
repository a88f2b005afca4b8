import type { SharedEventAccess } from '../access';
import type { Principal } from '../../users/principal';
import { notFound } from '../../../errors';
import { approvedMembershipsPage } from '../../memberships/repo';
import { liveUsersByIdsAcrossPartitions } from '../../users/repo';
import type { ParticipantUsersQuery } from '../grants/schemas';
import { LIVE_PARTICIPANT_STATUSES } from '../model';
import { getParticipant } from '../repo';

/**
 * GET …/participants/{orgId}/users (Organization Admin with manageOwners, or Super Admin): the approved users of a
 * live participant organization, one page of its memberships (one query in that organization's partition) and
 * their names from one batched user query. E-mail addresses are shown only to a super admin or for the caller's
 * own organization: another organization's admin sees names and roles, enough to recognise a person.
 */
export async function listParticipantUsers(
  principal: Principal,
  access: SharedEventAccess,
  targetOrganizationId: string,
  query: ParticipantUsersQuery,
) {
  const participant =
    access.participant?.organizationId === targetOrganizationId
      ? access.participant
      : await getParticipant(access.sharedEventId, targetOrganizationId);
  if (!participant || !LIVE_PARTICIPANT_STATUSES.includes(participant.status)) {
    throw notFound('Participant organization');
  }
  const page = await approvedMembershipsPage(targetOrganizationId, query.limit, query.continuationToken);
  const live = page.items.filter((m) => !m.organizationDeletedAt);
  const users = await liveUsersByIdsAcrossPartitions(live.map((m) => m.userId));
  const showEmail = principal.isSuperAdmin || access.organizationId === targetOrganizationId;
  return {
    items: live
      .filter((m) => users.has(m.userId))
      .map((m) => {
        const user = users.get(m.userId)!;
        return {
          userId: m.userId,
          name: user.name,
          ...(showEmail ? { email: user.email } : {}),
          role: m.role,
        };
      }),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}
