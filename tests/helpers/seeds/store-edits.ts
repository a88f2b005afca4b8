import { containers } from '../../../shared/store/client';
import { createItem, deleteItem, readItem, replaceItem } from '../../../shared/store/operations';
import { type Doc, rewriteOrgDocument } from './store-access';

/** One broken invariant at a time, the way a half write or a hand edit leaves it (invariant checker). */

/** Overwrites fields of any document of an organization's partition (ETag-checked like any real write). */
export const seedOrgDocumentFields = (orgId: string, id: string, fields: Doc) =>
  rewriteOrgDocument(orgId, id, (doc) => ({ ...doc, ...fields }));

/** Overwrites fields of any document of a Shared Event's partition (a counter, a reservation). */
export async function seedSharedEventDocumentFields(sharedEventId: string, id: string, fields: Doc) {
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, id);
  if (!doc) throw new Error(`seed: no document ${id} in Shared Event ${sharedEventId}`);
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, ...fields, id }, doc._etag as string);
}

/** A raw document written to the organizations container as given (a stray or misplaced write). */
export const seedRawOrgDocument = (doc: Doc & { id: string }) => createItem(containers().orgs, doc);

/** Deletes any document of an organization's partition (a lost write). */
export const loseOrgDocument = (orgId: string, id: string) => deleteItem(containers().orgs, orgId, id);
