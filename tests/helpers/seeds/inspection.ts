import { containers } from '../../../shared/store/client';
import { queryAll, readItem } from '../../../shared/store/operations';

/** Inspection of an organization partition: what no route shows, read to prove what was (not) written. */

/** Every live-or-deleted document of one docType in an organization's partition, as stored. */
export const storedDocuments = <T = any>(orgId: string, docType: string) =>
  queryAll<T>(containers().orgs, orgId, {
    query: 'SELECT * FROM c WHERE c.organizationId = @org AND c.docType = @type',
    parameters: [
      { name: '@org', value: orgId },
      { name: '@type', value: docType },
    ],
  });

/** One document of an organization's partition as stored (internal fields included), or undefined. */
export const storedDocument = <T = any>(orgId: string, id: string) => readItem<T>(containers().orgs, orgId, id);

/** A fingerprint of every document in an organization's partition (ids and ETags): equal means nothing written. */
export async function partitionFingerprint(orgId: string): Promise<string[]> {
  const docs = await queryAll<{ id: string; _etag: string }>(containers().orgs, orgId, {
    query: 'SELECT c.id, c._etag FROM c WHERE c.organizationId = @org',
    parameters: [{ name: '@org', value: orgId }],
  });
  return docs.map((d) => `${d.id}:${d._etag}`).sort();
}
