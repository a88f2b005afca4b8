import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { inPartition } from '../../store/query';
import type { PledgeDoc } from './model';

/** Every store call on pledges (orgs container, organization partition). */

export async function getPledge(organizationId: string, id: string) {
  const doc = await readItem<PledgeDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'pledge' ? doc : undefined;
}

export const createPledge = (doc: PledgeDoc) => createItem(containers().orgs, doc);

export const replacePledge = (doc: PledgeDoc, etag: string) =>
  replaceItem(containers().orgs, doc.organizationId, doc, etag);

const pledgesOf = (organizationId: string, eventId: string) =>
  inPartition('orgs', organizationId).where("c.docType = 'pledge' AND c.eventId = @event", { '@event': eventId });

export const eventPledges = (organizationId: string, eventId: string) =>
  pledgesOf(organizationId, eventId).all<PledgeDoc>();

export const pledgesPage = (organizationId: string, eventId: string, limit: number, continuationToken?: string) =>
  pledgesOf(organizationId, eventId).orderBy('c.id ASC').page<PledgeDoc>(limit, continuationToken);
