/** Pure rules of invitations to join an organization (docs/decisions/invitations.md). */
export interface InvitationState {
  expiresAt: string;
  revokedAt?: string;
  maxUses?: number;
  uses: number;
}

/** An invitation can be used while not revoked, not expired and not used up. */
export function isUsable(invitation: InvitationState, now = Date.now()): boolean {
  if (invitation.revokedAt) return false;
  if (Date.parse(invitation.expiresAt) <= now) return false;
  return invitation.maxUses === undefined || invitation.uses < invitation.maxUses;
}

export function invitationExpiry(createdAtMs: number, expiresInDays: number): string {
  return new Date(createdAtMs + expiresInDays * 24 * 60 * 60 * 1000).toISOString();
}
