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

/**
 * A fingerprint of every document in an organization's partition (ids and ETags): equal means nothing written.
 * `serialsMayMove`: a showtime's serial counter may have advanced (a sale refused after it reserved its ticket
 * numbers leaves them unused, docs/decisions/tickets.md "Serials"); its presence still counts.
 */
export async function partitionFingerprint(
  orgId: string,
  options: { serialsMayMove?: boolean } = {},
): Promise<string[]> {
  const docs = await queryAll<{ id: string; _etag: string; docType?: string }>(containers().orgs, orgId, {
    query: 'SELECT c.id, c._etag, c.docType FROM c WHERE c.organizationId = @org',
    parameters: [{ name: '@org', value: orgId }],
  });
  const moves = (d: { docType?: string }) => options.serialsMayMove === true && d.docType === 'ticketSerials';
  return docs.map((d) => (moves(d) ? d.id : `${d.id}:${d._etag}`)).sort();
}
