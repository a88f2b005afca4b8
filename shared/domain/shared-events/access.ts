import type { Stored } from '../../store/outcomes';
import type { Role } from '../memberships/model';
import type {
  SharedEventCapability,
  SharedEventDoc,
  SharedEventGrant,
  SharedEventOwner,
  SharedEventParticipantDoc,
} from './model';

/**
 * What the Shared Event scope hands a handler: the documents its authorization read from the Shared Event's
 * partition, so the use case never reads them a second time.
 */
export interface SharedEventAccess {
  kind: 'sharedEvent';
  sharedEventId: string;
  /** The organization the caller acts for (absent for a super admin who named none). */
  organizationId?: string;
  /** The caller's role in the acting organization (absent for a super admin acting by that right). */
  role?: Role;
  sharedEvent: Stored<SharedEventDoc>;
  /** The acting organization's roster entry (absent for a super admin outside the roster). */
  participant?: Stored<SharedEventParticipantDoc>;
  /** Owners and grants of the acting organization only. */
  owners: SharedEventOwner[];
  grants: SharedEventGrant[];
  /** What the caller may do: every capability for an owner or a super admin, else the union of their grants. */
  capabilities: SharedEventCapability[];
}
