import { validateBody } from '../../shared/domain/vocabulary/validation';
import { COMMITMENT_STATUSES } from '../../shared/domain/events/model';
import { ROLES } from '../../shared/domain/memberships/model';
import { ORGANIZATION_MODES } from '../../shared/domain/organizations/model';
import { IMPERSONATION_ACTIONS } from '../../shared/domain/platform/model';
import { roleAtLeast } from '../../shared/domain/memberships/roles';
import { modeBody, updateMemberBody } from '../../shared/domain/organizations/schemas';
import { commitmentBody } from '../../shared/domain/pledges/schemas';
import { createInvitationBody } from '../../shared/domain/invitations/schemas';
import { recordAuditBody } from '../../shared/domain/platform/impersonation';

/**
 * Each enum has one source (the area's model.ts): the request schemas accept exactly its values, so adding a
 * role, mode or status in the model reaches validation (and OpenAPI, which publishes the same schemas).
 */
const accepts = (schema: Record<string, unknown>, body: unknown) => {
  try {
    validateBody(schema, body);
    return true;
  } catch {
    return false;
  }
};

describe('model enums drive the schemas', () => {
  it('roles: every listed role is accepted by member update and invitations, nothing else', () => {
    for (const role of ROLES) {
      expect(accepts(updateMemberBody, { role })).toBe(true);
      expect(accepts(createInvitationBody, { role })).toBe(true);
    }
    expect(accepts(updateMemberBody, { role: 'owner' })).toBe(false);
    expect(accepts(createInvitationBody, { role: 'superAdmin' })).toBe(false);
  });

  it('roles are listed in rising authority, which is what the role check reads', () => {
    expect(ROLES).toEqual(['member', 'ticketManager', 'treasurer', 'admin']);
    expect(roleAtLeast('admin', 'treasurer')).toBe(true);
    expect(roleAtLeast('ticketManager', 'treasurer')).toBe(false);
  });

  it('organization modes and commitment statuses come from the model', () => {
    for (const organizationMode of ORGANIZATION_MODES) expect(accepts(modeBody, { organizationMode })).toBe(true);
    expect(accepts(modeBody, { organizationMode: 'partner' })).toBe(false);
    for (const status of COMMITMENT_STATUSES) expect(accepts(commitmentBody, { status })).toBe(true);
    expect(accepts(commitmentBody, { status: 'cancelled' })).toBe(false);
  });

  it('impersonation audit actions come from the model', () => {
    for (const action of IMPERSONATION_ACTIONS) {
      expect(accepts(recordAuditBody, { targetUserId: 'u1', action })).toBe(true);
    }
    expect(accepts(recordAuditBody, { targetUserId: 'u1', action: 'pause' })).toBe(false);
  });
});
