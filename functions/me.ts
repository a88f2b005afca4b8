import { defineRoute } from '../shared/http/define-route';
import { myHistory, myStats } from '../shared/domain/me/history-and-stats';
import {
  historyPage,
  myHistoryQuery,
  myStatsQuery,
  myStatsResponse,
  type MyHistoryQuery,
  type MyStatsQuery,
} from '../shared/domain/me/schemas';

// Personal history and stats (docs/decisions/sales.md "Registrations (direct sales) and personal history"). GET me/orders lives
// with the orders (functions/orders.ts).
const tags = ['me'];

defineRoute<unknown, MyHistoryQuery>({
  name: 'me-history',
  method: 'GET',
  route: 'me/history',
  auth: 'member',
  tags,
  summary: "The caller's own orders and registrations in the organization, newest first (paged; optional eventId)",
  query: myHistoryQuery,
  response: historyPage,
  handler: ({ principal, organizationId, query }) => myHistory(principal, organizationId, query),
});

defineRoute<unknown, MyStatsQuery>({
  name: 'me-stats',
  method: 'GET',
  route: 'me/stats',
  auth: 'member',
  tags,
  summary: "MyStats: the caller's own member-channel sales (optional eventId)",
  query: myStatsQuery,
  response: myStatsResponse,
  handler: ({ principal, organizationId, query }) => myStats(principal, organizationId, query),
});
