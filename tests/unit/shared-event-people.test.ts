import { peopleFor, pseudonymOf, rawPeople } from '../../shared/domain/shared-events/people';

/** The people lens the Shared Event mappers pass every user id through (issue 22; issue 32 moved it into the mappers). */
const member = { userId: 'viewer', isSuperAdmin: false };
const superAdmin = { userId: 'root', isSuperAdmin: true };

describe('people of a Shared Event as one viewer sees them', () => {
  const people = peopleFor(member, 'se-1', 'org-a', [
    { userId: 'a-owner', organizationId: 'org-a' },
    { userId: 'b-owner', organizationId: 'org-b' },
  ]);

  it('shows the viewer organization’s people as they are, by the organization beside them or the known owners', () => {
    expect(people('a-owner')).toBe('a-owner');
    expect(people('someone', 'org-a')).toBe('someone');
  });

  it('pseudonymizes another organization’s people, and anyone whose organization is unknown', () => {
    expect(people('b-owner')).toBe(pseudonymOf('se-1', 'b-owner'));
    expect(people('a-owner', 'org-b')).toBe(pseudonymOf('se-1', 'a-owner'));
    expect(people('stranger')).toMatch(/^user-[0-9a-f]{24}$/);
    expect(people('stranger')).not.toContain('stranger');
  });

  it('is stable within a Shared Event and unrelated across Shared Events', () => {
    expect(pseudonymOf('se-1', 'b-owner')).toBe(pseudonymOf('se-1', 'b-owner'));
    expect(pseudonymOf('se-1', 'b-owner')).not.toBe(pseudonymOf('se-2', 'b-owner'));
  });

  it('keeps system actors and shows super admins every id', () => {
    expect(people('system')).toBe('system');
    const forSuper = peopleFor(superAdmin, 'se-1', 'org-a');
    expect(forSuper('b-owner', 'org-b')).toBe('b-owner');
    expect(rawPeople('x')).toBe('x');
  });

  it('masks everyone for a caller with no organization who is no super admin', () => {
    expect(peopleFor(member, 'se-1', undefined)('a-owner', 'org-a')).toMatch(/^user-/);
  });
});
