import { callerStanding, requireStanding, standingOfMembership } from '../../shared/domain/users/caller-standing';
import type { Principal } from '../../shared/domain/users/principal';
import type { MembershipDoc, OrganizationRoleEntry, Role } from '../../shared/domain/memberships/model';
import { entryGrants } from '../../shared/domain/users/role-map';
import type { UserDoc } from '../../shared/domain/users/model';
import { DomainError } from '../../shared/errors';
import type { Stored } from '../../shared/store/outcomes';

const membership = (extra: Partial<MembershipDoc> = {}): Stored<MembershipDoc> => ({
  id: 'membership-u1',
  docType: 'membership',
  organizationId: 'org-1',
  userId: 'u1',
  role: 'treasurer',
  approved: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  _etag: 'etag',
  ...extra,
});

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as DomainError).code;
  }
  return 'none';
};

describe('standingOfMembership: the membership decides when the map does not grant', () => {
  it('grants an approved membership of at least the role', () => {
    const m = membership();
    expect(standingOfMembership(m, 'ticketManager')).toEqual({ kind: 'granted', role: 'treasurer' });
    expect(standingOfMembership(m, 'treasurer')).toMatchObject({ kind: 'granted', role: 'treasurer' });
  });

  it('refuses a missing, unapproved or too low membership', () => {
    expect(standingOfMembership(undefined, 'member')).toEqual({ kind: 'refused' });
    expect(standingOfMembership(membership({ approved: false }), 'member')).toEqual({ kind: 'refused' });
    expect(standingOfMembership(membership(), 'admin')).toEqual({ kind: 'refused' });
  });

  it('says deleted for a soft-deleted organization, whatever the role or approval', () => {
    const at = '2026-02-01T00:00:00.000Z';
    expect(standingOfMembership(membership({ organizationDeletedAt: at }), 'member')).toEqual({ kind: 'deleted' });
    expect(standingOfMembership(membership({ organizationDeletedAt: at, approved: false }), 'admin')).toEqual({
      kind: 'deleted',
    });
  });
});

describe('requireStanding: a refusal as the routes answer it', () => {
  it('is 404 for a deleted organization, 403 for a refusal, and passes a grant through', () => {
    expect(codeOf(() => requireStanding({ kind: 'deleted' }))).toBe('NOT_FOUND');
    expect(codeOf(() => requireStanding({ kind: 'refused' }))).toBe('FORBIDDEN');
    expect(requireStanding({ kind: 'granted', role: 'member' })).toEqual({ kind: 'granted', role: 'member' });
  });
});

describe('callerStanding from the role map', () => {
  const principalWith = (entry: OrganizationRoleEntry): Principal => ({
    userId: 'u1',
    isSuperAdmin: false,
    user: { id: 'u1', organizationRoles: { 'org-1': entry }, _etag: 'e' } as unknown as Stored<UserDoc>,
  });

  it('grants from a granting entry without reading the membership (none is carried)', async () => {
    await expect(
      callerStanding(principalWith({ role: 'admin', approved: true }), 'org-1', 'treasurer'),
    ).resolves.toEqual({ kind: 'granted', role: 'admin' });
  });

  it('trusts only entries that grant by themselves: the rest go to the membership', () => {
    const role: Role = 'member';
    expect(entryGrants({ role: 'member', approved: true }, role)).toBe(true);
    expect(entryGrants({ role: 'member', approved: false }, role)).toBe(false);
    expect(entryGrants({ role: 'admin', approved: false, removed: true }, role)).toBe(false);
    expect(entryGrants({ role: 'admin', approved: true, organizationDeletedAt: '2026-02-01' }, role)).toBe(false);
    expect(entryGrants({ role: 'member', approved: true }, 'ticketManager')).toBe(false);
    expect(entryGrants(undefined, role)).toBe(false);
  });
});
