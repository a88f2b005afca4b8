import { acrossPartitions } from '../../store/query';
import type { Doc } from './rules';

/**
 * The invariant checker's reads: every document of the organization and Shared Event containers, grouped by
 * partition. Deliberately cross-partition (like the heal pass, behind no route): the checker is an operator's
 * and a test's tool, and the cross-partition invariants (reverse index, ownership) need every partition at once.
 */
export interface StoreSnapshot {
  orgs: Map<string, Doc[]>;
  sharedEvents: Map<string, Doc[]>;
  /** Documents whose partition key field is missing or not a string (they belong to no owner). */
  unowned: { container: string; id: string }[];
}

export async function readSnapshot(): Promise<StoreSnapshot> {
  const [orgDocs, sharedDocs] = await Promise.all([
    acrossPartitions('orgs').all<Doc>(),
    acrossPartitions('sharedEvents').all<Doc>(),
  ]);
  const unowned: StoreSnapshot['unowned'] = [];
  const group = (docs: Doc[], field: string, container: string) => {
    const byPartition = new Map<string, Doc[]>();
    for (const doc of docs) {
      const key = doc[field];
      if (typeof key !== 'string' || !key) {
        unowned.push({ container, id: doc.id });
        continue;
      }
      const list = byPartition.get(key);
      if (list) list.push(doc);
      else byPartition.set(key, [doc]);
    }
    return byPartition;
  };
  return {
    orgs: group(orgDocs, 'organizationId', 'orgs'),
    sharedEvents: group(sharedDocs, 'sharedEventId', 'sharedEvents'),
    unowned,
  };
}
