import { object } from '../vocabulary/schema-parts';
import { bool, pageOf, text, timestamp } from '../vocabulary/response-parts';
import { ROLES } from '../memberships/model';
import { organizationResponse } from './schemas';

export const organizationPage = pageOf(organizationResponse);

/** `toMembershipResponse`: `invoiced` appears only once set. */
const membershipFields = {
  id: text,
  organizationId: text,
  userId: text,
  role: { enum: ROLES },
  roles: { type: 'array', items: text },
  approved: bool,
  invoiced: bool,
  createdAt: timestamp,
};
const membershipRequired = ['id', 'organizationId', 'userId', 'role', 'roles', 'approved', 'createdAt'];
const userSummary = object({ id: text, email: text, name: text }, ['id', 'email', 'name']);

export const membershipResponse = object(membershipFields, membershipRequired);
export const memberAddedResponse = object({ membership: membershipResponse, user: userSummary }, [
  'membership',
  'user',
]);
export const memberPage = pageOf(object({ ...membershipFields, user: userSummary }, [...membershipRequired, 'user']));
export const memberRemovedResponse = object({ removed: { const: true }, userId: text }, ['removed', 'userId']);
