import { DomainError } from '../../shared/errors';
import type { SalesDelegation } from '../../shared/domain/events/sales-delegations/model';
import {
  adminOrganizationIds,
  beginTransition,
  compositeToken,
  declineAction,
  hashToken,
  indexUpdate,
  invitationTarget,
  inviteAction,
  isAcceptable,
  isProjectionEvent,
  jitterMs,
  latestDelegationOf,
  nextTransitionVersion,
  parseCompositeToken,
  refOf,
  revokeAction,
  soleEligibleOrganization,
  tokenMatches,
  withoutInvitation,
} from '../../shared/domain/delegations/rules';

const RAW = 'A'.repeat(43);
const delegation = (over: Partial<SalesDelegation> = {}): SalesDelegation => ({
  id: 'd1',
  partnerOrganizationId: 'p1',
  partnerOrganizationName: 'Partner',
  status: 'invited',
  invitedBy: 'u1',
  invitedAt: '2026-01-01T00:00:00.000Z',
  invitationTokenHash: hashToken(RAW),
  invitationExpiresAt: '2026-01-15T00:00:00.000Z',
  permissions: { canCreateSales: true, canReportSoldReturned: true, canViewOwnAttributedReports: true },
  assignmentVersion: 1,
  reverseIndexSyncStatus: 'synced',
  reverseIndexTransitionVersion: 1,
  ...over,
});

describe('composite token', () => {
  it('round-trips and refuses anything but four well-formed parts', () => {
    const parts = { ownerOrganizationId: 'o-1', eventId: 'e-1', delegationId: 'd-1', rawToken: RAW };
    expect(parseCompositeToken(compositeToken(parts))).toEqual(parts);
    for (const bad of ['', 'a.b.c', `a.b.c.${RAW}.e`, `a.b.c.${RAW.slice(1)}`, `a.b..${RAW}`, `a/b.c.d.${RAW}`]) {
      expect(parseCompositeToken(bad)).toBeUndefined();
    }
  });

  it('matches a raw token against the stored hash only', () => {
    expect(tokenMatches(hashToken(RAW), RAW)).toBe(true);
    expect(tokenMatches(hashToken(RAW), 'B'.repeat(43))).toBe(false);
    expect(tokenMatches(undefined, RAW)).toBe(false);
    expect(tokenMatches('abc', RAW)).toBe(false);
  });
});

describe('invitation target and partner eligibility', () => {
  it('needs exactly one of the two fields', () => {
    expect(invitationTarget({ partnerAdminEmail: 'a@b.org' })).toEqual({ kind: 'email', email: 'a@b.org' });
    expect(invitationTarget({ partnerOrganizationId: 'p' })).toEqual({ kind: 'organization', organizationId: 'p' });
    for (const body of [{}, { partnerAdminEmail: 'a@b.org', partnerOrganizationId: 'p' }]) {
      expect(() => invitationTarget(body)).toThrow(DomainError);
    }
  });

  it('keeps approved admin memberships of other, undeleted organizations', () => {
    const m = (organizationId: string, over = {}) => ({ organizationId, role: 'admin', approved: true, ...over });
    expect(
      adminOrganizationIds(
        [
          m('own'),
          m('a'),
          m('a'),
          m('b', { role: 'treasurer' }),
          m('c', { approved: false }),
          m('d', { organizationDeletedAt: 'x' }),
        ],
        'own',
      ),
    ).toEqual(['a']);
  });

  it('resolves only when exactly one candidate organization is eligible', () => {
    const orgs = [{ id: 'a' }, { id: 'b', deletedAt: 'x' }, { id: 'c' }];
    expect(soleEligibleOrganization(['a', 'b'], orgs, 'own')).toEqual({ id: 'a' });
    expect(soleEligibleOrganization(['a', 'c'], orgs, 'own')).toBeUndefined();
    expect(soleEligibleOrganization(['b'], orgs, 'own')).toBeUndefined();
    expect(soleEligibleOrganization(['a'], orgs, 'a')).toBeUndefined();
    expect(soleEligibleOrganization([], orgs, 'own')).toBeUndefined();
  });

  it('treats Shared Event and delegated-sales projections as not delegable', () => {
    expect(isProjectionEvent({})).toBe(false);
    expect(isProjectionEvent({ orderRouting: 'direct' })).toBe(false);
    expect(isProjectionEvent({ sharedEventLink: {} })).toBe(true);
    expect(isProjectionEvent({ orderRouting: 'delegated' })).toBe(true);
  });
});

describe('state table', () => {
  it('invites anew after an end, rotates an invited one, returns an active one', () => {
    expect(inviteAction(undefined)).toBe('create');
    expect(inviteAction(delegation({ status: 'declined' }))).toBe('create');
    expect(inviteAction(delegation({ status: 'revoked' }))).toBe('create');
    expect(inviteAction(delegation({ status: 'invited' }))).toBe('rotate');
    expect(inviteAction(delegation({ status: 'active' }))).toBe('existing');
  });

  it('declines only from invited (idempotent when declined) and revokes from invited or active', () => {
    expect(['invited', 'declined', 'active', 'revoked'].map((s) => declineAction(s as never))).toEqual([
      'decline',
      'unchanged',
      'conflict',
      'conflict',
    ]);
    expect(['invited', 'active', 'revoked', 'declined'].map((s) => revokeAction(s as never))).toEqual([
      'revoke',
      'revoke',
      'unchanged',
      'conflict',
    ]);
  });

  it('accepts only an invited, unexpired invitation', () => {
    const now = Date.parse('2026-01-10T00:00:00.000Z');
    expect(isAcceptable(delegation(), now)).toBe(true);
    expect(isAcceptable(delegation(), Date.parse('2026-01-15T00:00:00.000Z'))).toBe(false);
    expect(isAcceptable(delegation({ status: 'active' }), now)).toBe(false);
    expect(isAcceptable(delegation({ invitationExpiresAt: undefined }), now)).toBe(false);
  });

  it('drops the token hash and expiry when leaving invited', () => {
    const left = withoutInvitation(delegation());
    expect('invitationTokenHash' in left || 'invitationExpiresAt' in left).toBe(false);
  });

  it('picks the latest delegation of the partner', () => {
    const list = [
      delegation({ id: 'x' }),
      delegation({ id: 'y', partnerOrganizationId: 'p2' }),
      delegation({ id: 'z' }),
    ];
    expect(latestDelegationOf(list, 'p1')?.id).toBe('z');
    expect(latestDelegationOf(list, 'p3')).toBeUndefined();
  });
});

describe('reverse index', () => {
  it('bumps the version and mints the operation id per transition, continuing across delegations', () => {
    const next = beginTransition(delegation({ reverseIndexSyncStatus: 'synced' }), 'op-2');
    expect(next).toMatchObject({
      reverseIndexTransitionVersion: 2,
      reverseIndexOperationId: 'op-2',
      reverseIndexSyncStatus: 'pending',
    });
    const history = [
      delegation({ id: 'a', reverseIndexTransitionVersion: 3 }),
      delegation({ id: 'b', partnerOrganizationId: 'p2', reverseIndexTransitionVersion: 9 }),
    ];
    expect(nextTransitionVersion(history, 'p1')).toBe(4);
    expect(nextTransitionVersion(history, 'p3')).toBe(1);
  });

  it('writes a newer transition, skips a retry of the current one and never goes back', () => {
    const owner = { id: 'o', name: 'Owner' };
    const wanted = refOf(delegation({ status: 'active', reverseIndexTransitionVersion: 2 }), 'e', owner);
    expect(wanted).toEqual({
      delegationId: 'd1',
      eventId: 'e',
      ownerOrganizationId: 'o',
      ownerOrganizationName: 'Owner',
      status: 'active',
      transitionVersion: 2,
    });
    expect(indexUpdate(undefined, wanted)).toBe('write');
    expect(indexUpdate({ ...wanted, status: 'invited', transitionVersion: 1 }, wanted)).toBe('write');
    expect(indexUpdate({ ...wanted, transitionVersion: undefined }, wanted)).toBe('write');
    expect(indexUpdate(wanted, wanted)).toBe('current');
    expect(indexUpdate({ ...wanted, status: 'revoked', transitionVersion: 3 }, wanted)).toBe('newer');
  });
});

describe('generic 404 jitter', () => {
  it('adds 50 to 150 ms', () => {
    expect(jitterMs(0)).toBe(50);
    expect(jitterMs(0.999)).toBe(149);
  });
});
