import type { Principal } from '../users/principal';
import { salesRecordOf } from '../sales/facts';
import { salesDocPages } from '../sales/repo';
import { toHistoryItem } from './history-rules';
import { pageHistory } from './repo';
import type { MyHistoryQuery, MyStatsQuery } from './schemas';
import { isOwnSale, myStatsOf, type MySale } from './stats-rules';

/**
 * GET /api/me/history: the caller's own orders (requested) and registrations (sold) in this organization,
 * newest first (createdAt, then id, descending), one paged partition query; deleted ones are left out.
 */
export async function myHistory(principal: Principal, organizationId: string, query: MyHistoryQuery) {
  const page = await pageHistory(organizationId, principal.userId, { eventId: query.eventId || undefined }, query);
  return {
    items: page.items.map(toHistoryItem),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}

/**
 * GET /api/me/stats: MyStats folded from the caller's SalesRecords (one streamed partition query, projected),
 * keeping only member-channel records the caller sold, the same records the dashboard's salesByMember sums.
 */
export async function myStats(principal: Principal, organizationId: string, query: MyStatsQuery) {
  const sales: MySale[] = [];
  const filter = { memberId: principal.userId, eventId: query.eventId || undefined };
  for await (const page of salesDocPages(organizationId, filter)) {
    for (const doc of page) {
      const record = salesRecordOf(doc);
      if (!record || !isOwnSale(record, principal.userId)) continue;
      const names = doc as { showtimeDateTime?: string; showtimeLabel?: string };
      sales.push({
        ...record,
        ...(names.showtimeDateTime !== undefined ? { showtimeDateTime: names.showtimeDateTime } : {}),
        ...(names.showtimeLabel !== undefined ? { showtimeLabel: names.showtimeLabel } : {}),
      });
    }
  }
  return myStatsOf(sales);
}
