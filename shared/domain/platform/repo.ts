import { CONTAINERS, containers, store, type ContainerName } from '../../store/client';
import { createItem, deleteItem } from '../../store/operations';
import { acrossPartitions, inPartition } from '../../store/query';
import type { ImpersonationAuditDoc } from './model';

/** Store calls of the platform routes: impersonation audit, health and the end-to-end cleanup. */

/** Which store the process runs on (health answers it). */
export const storeKind = () => store().kind;

/** The decisive write of the audit record: it carries a waiting Idempotency-Key record (store/write-token.ts). */
export const createImpersonationAudit = (doc: ImpersonationAuditDoc) =>
  createItem<ImpersonationAuditDoc>(containers().orgs, doc, { carriesKey: true });

/** Newest first; one partition when an organization is given, else a deliberate read across organizations. */
export function impersonationsPage(
  filter: { organizationId?: string; targetUserId?: string },
  limit: number,
  continuationToken?: string,
) {
  const scope = filter.organizationId ? inPartition('orgs', filter.organizationId) : acrossPartitions('orgs');
  return scope
    .where("c.docType = 'impersonationAudit'")
    .whereIf(filter.targetUserId, 'c.targetUserId = @target', { '@target': filter.targetUserId })
    .orderBy('c.timestamp DESC')
    .page<ImpersonationAuditDoc>(limit, continuationToken);
}

export const CONTAINER_NAMES = Object.keys(CONTAINERS) as ContainerName[];

export interface DocumentKey {
  id: string;
  pk: string;
  docType?: string;
  isSuperAdmin?: boolean;
  userId?: string;
}

/** Id, partition key and the fields cleanup decides on, of every document of a container (all partitions). */
export function everyDocumentAcrossPartitions(name: ContainerName) {
  const field = CONTAINERS[name].path.slice(1);
  return acrossPartitions(name)
    .select(`c.id, c.${field} AS pk, c.docType, c.isSuperAdmin, c.userId`)
    .all<DocumentKey>();
}

export const deleteDocument = (name: ContainerName, key: DocumentKey) =>
  deleteItem(containers()[name], String(key.pk), String(key.id));
