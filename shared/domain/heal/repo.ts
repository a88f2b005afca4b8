import { acrossPartitions } from '../../store/query';
import type { EventDoc } from '../events/model';

/**
 * Every live event of every organization: the heal pass's one deliberate cross-partition query (the only
 * cross-tenant reader, and it is behind no route).
 */
export const liveEventsAcrossOrganizations = () =>
  acrossPartitions('orgs').where("c.docType = 'event' AND NOT IS_DEFINED(c.deletedAt)").all<EventDoc>();
