import {
  canonicalCapabilities,
  capabilitiesBeyond,
  grantAuditOperation,
  grantOutcome,
  issuedGrant,
  withGrant,
  withoutGrant,
} from '../../shared/domain/shared-events/grants/rules';
import type { SharedEventGrant } from '../../shared/domain/shared-events/model';

const grant = (userId: string, organizationId: string, extra: Partial<SharedEventGrant> = {}): SharedEventGrant => ({
  userId,
  organizationId,
  capabilities: ['managePricing'],
  issuedAt: '2026-01-01T00:00:00.000Z',
  issuedBy: 'owner',
  ...extra,
});

describe('grant rules', () => {
  it('stores capabilities in the order of docs/shared-events.md, once each', () => {
    expect(canonicalCapabilities(['viewCombinedReports', 'manageSharedDetails', 'managePricing'])).toEqual([
      'manageSharedDetails',
      'managePricing',
      'viewCombinedReports',
    ]);
  });

  it('names what a grantor asks for beyond what it holds', () => {
    expect(capabilitiesBeyond(['manageOwners', 'managePricing'], ['managePricing'])).toEqual([]);
    expect(capabilitiesBeyond(['manageOwners'], ['viewCombinedReports', 'manageCapacity'])).toEqual([
      'manageCapacity',
      'viewCombinedReports',
    ]);
  });

  it('tells issue, update and no change apart, ignoring the order capabilities were sent in', () => {
    const request = { userId: 'u', organizationId: 'o', capabilities: ['managePricing' as const] };
    expect(grantOutcome(undefined, request)).toBe('issued');
    expect(grantOutcome(grant('u', 'o'), request)).toBe('unchanged');
    expect(grantOutcome(grant('u', 'o'), { ...request, roleTemplate: 'Pricing' })).toBe('updated');
    expect(grantOutcome(grant('u', 'o', { roleTemplate: 'Pricing' }), request)).toBe('updated');
    const two = grant('u', 'o', { capabilities: ['manageSharedDetails', 'managePricing'] });
    expect(grantOutcome(two, { ...request, capabilities: ['managePricing', 'manageSharedDetails'] })).toBe('unchanged');
    expect(grantOutcome(two, request)).toBe('updated');
  });

  it('issues a grant without an absent roleTemplate', () => {
    const g = issuedGrant(
      { userId: 'u', organizationId: 'o', capabilities: ['viewCombinedReports', 'manageOwners'] },
      'admin',
      '2026-02-02T00:00:00.000Z',
    );
    expect(g).toEqual({
      userId: 'u',
      organizationId: 'o',
      capabilities: ['manageOwners', 'viewCombinedReports'],
      issuedAt: '2026-02-02T00:00:00.000Z',
      issuedBy: 'admin',
    });
    expect(g).not.toHaveProperty('roleTemplate');
  });

  it('keys grants by user and organization', () => {
    const list = [grant('u', 'o1'), grant('u', 'o2'), grant('v', 'o1')];
    const replaced = withGrant(list, grant('u', 'o1', { capabilities: ['manageOwners'] }));
    expect(replaced).toHaveLength(3);
    expect(replaced[0].capabilities).toEqual(['manageOwners']);
    expect(replaced[1].capabilities).toEqual(['managePricing']);
    expect(withGrant(list, grant('w', 'o1'))).toHaveLength(4);
    expect(withoutGrant(list, 'u', 'o1').map((g) => `${g.userId}/${g.organizationId}`)).toEqual(['u/o2', 'v/o1']);
    expect(withoutGrant(list, 'x', 'o1')).toHaveLength(3);
  });

  it('gives each grant change its own audit operation, and the same change the same one', () => {
    const prev = grant('u', 'o');
    const next = grant('u', 'o', { issuedAt: '2026-03-03T00:00:00.000Z', capabilities: ['manageOwners'] });
    const op = grantAuditOperation('u', prev, next);
    expect(grantAuditOperation('u', prev, next)).toBe(op);
    expect(grantAuditOperation('v', prev, next)).not.toBe(op);
    expect(grantAuditOperation('u', undefined, next)).not.toBe(op);
    expect(grantAuditOperation('u', prev, undefined)).not.toBe(op);
    expect(grantAuditOperation('u', next, undefined)).not.toBe(grantAuditOperation('u', prev, undefined));
    expect(op).toMatch(/^[0-9a-f]{32}$/);
  });
});
