import type { PartnerGrant } from '../delegations/partner-access';
import { readCounters } from '../events/capacity/repo';
import { delegatedEventRef } from '../delegations/repo';
import type { OrderStatus } from '../orders/model';
import { contextOf } from './context';
import { toPartnerOrderResponse } from './mapper';
import { pageDelegatedOrders } from './repo';
import { salesContextOf } from './rules';
import type { MyDelegatedOrdersQuery, PartnerOrdersQuery, QueueQuery } from './schemas';
import type { Principal } from '../users/principal';

/**
 * The partner's reads. Each is the scope's four reads plus ONE store call: one paged query in the owner's
 * partition for the lists, the event's counters for the sales context.
 */

/** The approval queue (docs/decisions/delegated-orders.md): this delegation's orders in one status, oldest first (ties by id). */
export async function delegatedQueue(grant: PartnerGrant, query: QueueQuery) {
  const ctx = contextOf(grant);
  const page = await pageDelegatedOrders(
    ctx.ownerOrganizationId,
    {
      eventId: ctx.eventId,
      partnerOrganizationId: ctx.partnerOrganizationId,
      delegationId: ctx.delegationId,
      statuses: [query.status],
      direction: 'ASC',
    },
    query,
  );
  return pageOf(page);
}

/**
 * Every order the partner sold for this event (docs/decisions/delegated-orders.md), newest first. A transfer strips
 * `soldByOrganizationId` from the moved order, so filtering on it leaves transferred-away orders out.
 */
export async function delegatedOrders(grant: PartnerGrant, query: PartnerOrdersQuery) {
  const ctx = contextOf(grant);
  const statuses = query.status ? ([...new Set(query.status.split(','))] as OrderStatus[]) : [];
  const page = await pageDelegatedOrders(
    ctx.ownerOrganizationId,
    {
      eventId: ctx.eventId,
      partnerOrganizationId: ctx.partnerOrganizationId,
      ...(query.showtimeId ? { showtimeId: query.showtimeId } : {}),
      statuses,
      direction: 'DESC',
    },
    query,
  );
  return pageOf(page);
}

/**
 * The caller's own orders for this event through the partner (docs/decisions/delegated-orders.md, "A member's own
 * orders"), newest first: any approved member, buyer of record only. They live in the owner's partition, so the
 * caller's `me/orders` (their own organization's partition) never lists them.
 */
export async function myDelegatedOrders(principal: Principal, grant: PartnerGrant, query: MyDelegatedOrdersQuery) {
  const ctx = contextOf(grant);
  const statuses = query.status ? ([...new Set(query.status.split(','))] as OrderStatus[]) : [];
  const page = await pageDelegatedOrders(
    ctx.ownerOrganizationId,
    {
      eventId: ctx.eventId,
      partnerOrganizationId: ctx.partnerOrganizationId,
      buyerUserId: principal.userId,
      statuses,
      direction: 'DESC',
    },
    query,
  );
  return pageOf(page);
}

const pageOf = (page: { items: Parameters<typeof toPartnerOrderResponse>[0][]; continuationToken?: string }) => ({
  items: page.items.map(toPartnerOrderResponse),
  ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
});

/** GET sales-context (docs/decisions/delegated-orders.md): the advisory per-showtime remaining from the owner's live counters. */
export async function delegatedSalesContext(grant: PartnerGrant) {
  const counters = await readCounters(grant.ownerOrganizationId, grant.event.id);
  const ref = delegatedEventRef(grant.partnerOrganization, grant.event.id);
  return salesContextOf(grant.event, counters, {
    delegationId: grant.delegation.id,
    ...(ref?.ownerOrganizationName !== undefined ? { ownerOrganizationName: ref.ownerOrganizationName } : {}),
  });
}
