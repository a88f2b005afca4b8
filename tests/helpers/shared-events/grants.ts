import type { TestHost } from '../harness';

/** The capability names of docs/shared-events.md, as the grant route takes them. */
export type Capability =
  | 'manageSharedDetails'
  | 'managePricing'
  | 'manageParticipants'
  | 'manageCapacity'
  | 'manageOwners'
  | 'manageExternalSales'
  | 'viewCombinedReports';

/**
 * Grants capabilities on a Shared Event to an approved member (`userId`) of `organizationId`, through
 * PUT /api/shared-events/{id}/grants/{userId} as `grantorToken` (an owner, a manageOwners holder of that
 * organization, or a super admin). The whole desired set: capabilities not named are taken away. Returns the grant.
 */
export async function grantCapabilities(
  api: TestHost,
  options: {
    sharedEventId: string;
    organizationId: string;
    grantorToken: string;
    userId: string;
    capabilities: Capability[];
    roleTemplate?: string;
  },
) {
  const res = await api.put(`shared-events/${options.sharedEventId}/grants/${options.userId}`, {
    token: options.grantorToken,
    query: { organizationId: options.organizationId },
    body: {
      capabilities: options.capabilities,
      ...(options.roleTemplate !== undefined ? { roleTemplate: options.roleTemplate } : {}),
    },
  });
  if (res.status !== 200) throw new Error(`grant failed: ${res.status} ${res.text}`);
  return res.body.data as {
    userId: string;
    organizationId: string;
    capabilities: Capability[];
    roleTemplate?: string;
    issuedAt: string;
    issuedBy: string;
  };
}

/** Takes a user's grant away (DELETE …/grants/{userId}); idempotent. */
export async function revokeCapabilities(
  api: TestHost,
  options: { sharedEventId: string; organizationId: string; grantorToken: string; userId: string },
) {
  const res = await api.del(`shared-events/${options.sharedEventId}/grants/${options.userId}`, {
    token: options.grantorToken,
    query: { organizationId: options.organizationId },
  });
  if (res.status !== 200) throw new Error(`revoke failed: ${res.status} ${res.text}`);
  return res.body.data as { revoked: boolean };
}
