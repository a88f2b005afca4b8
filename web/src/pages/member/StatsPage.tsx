import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import { pagesOf, useHistory } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, QueryView } from '../../ui/feedback';
import { Table } from '../../ui/Table';
import { formatDateTime, formatMoney, formatNumber, showtimeName, STATUS_LABEL } from '../../ui/format';

/** The member's stats (totals, per showtime, per ticket type, per event) and history: two calls. */
export default function StatsPage() {
  const { organizationId } = useOrganization();
  const stats = useQuery({
    queryKey: [organizationId, 'stats'],
    queryFn: () => unwrap(http.GET('/api/me/stats', { params: { query: { organizationId } } })),
  });
  const history = useHistory();
  return (
    <>
      <h1>My stats</h1>
      <QueryView query={stats} what="Loading your stats">
        {(s) => (
          <>
            <dl className="totals">
              <div>
                <dt>Tickets sold</dt>
                <dd data-testid="total-sold">{formatNumber(s.totalTicketsSold)}</dd>
              </div>
              <div>
                <dt>Revenue</dt>
                <dd data-testid="total-revenue">{formatMoney(s.totalRevenue)}</dd>
              </div>
            </dl>
            <Table
              caption="By showtime"
              head={['Showtime', 'Sold', 'Revenue']}
              rows={s.byShowtime.map((r) => [
                `${r.eventName}: ${showtimeName(r)}`,
                formatNumber(r.ticketsSold),
                formatMoney(r.revenue),
              ])}
            />
            <Table
              caption="By ticket type"
              head={['Ticket type', 'Sold', 'Revenue']}
              rows={s.byTicketType.map((r) => [r.ticketTypeName, formatNumber(r.quantity), formatMoney(r.revenue)])}
            />
            <Table
              caption="By event"
              head={['Event', 'Sold', 'Revenue']}
              rows={s.eventBreakdown.map((r) => [r.eventName, formatNumber(r.ticketsSold), formatMoney(r.revenue)])}
            />
          </>
        )}
      </QueryView>
      <h2>History</h2>
      <QueryView query={history} what="Loading your history">
        {(data) => {
          const items = pagesOf(data);
          if (items.length === 0) return <Empty>Nothing yet.</Empty>;
          return (
            <Table
              caption="Orders and direct sales, newest first"
              head={['When', 'What', 'Tickets', 'Amount']}
              rows={items.map((i) => [
                formatDateTime(i.createdAt),
                i.kind === 'order' ? `Order · ${STATUS_LABEL[i.status ?? ''] ?? ''}` : 'Direct sale',
                formatNumber(i.totalQuantity),
                formatMoney(i.totalAmount),
              ])}
            />
          );
        }}
      </QueryView>
    </>
  );
}
