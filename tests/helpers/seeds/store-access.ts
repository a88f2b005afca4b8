import { containers } from '../../../shared/store/client';
import { readItem, replaceItem } from '../../../shared/store/operations';

/**
 * What every seed module shares: a document as written, the time now, and the ETag-checked read-modify-write of one
 * document of an organization's partition.
 */
export type Doc = Record<string, unknown>;
export const nowIso = () => new Date().toISOString();

/** Read-modify-write of one document of an organization's partition, ETag-checked like any real write. */
export async function rewriteOrgDocument(orgId: string, id: string, change: (doc: Doc) => Doc): Promise<void> {
  const doc = await readItem<Doc>(containers().orgs, orgId, id);
  if (!doc) throw new Error(`seed: no document ${id} in ${orgId}`);
  await replaceItem(containers().orgs, orgId, { ...change(doc), id }, doc._etag);
}
