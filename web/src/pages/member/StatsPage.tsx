import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import { pagesOf, useHistory } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, QueryView } from '../../ui/feedback';
import { Table } from '../../ui/Table';
import { formatDateTime, formatMoney, formatNumber, showtimeName, statusLabel } from '../../ui/format';

/** The member's stats (totals, per showtime, per ticket type, per event) and history: two calls. */
export default function StatsPage() {
  const { organizationId } = useOrganization();
  const stats = useQuery({
    queryKey: [organizationId, 'stats'],
    queryFn: () => unwrap(http.GET('/api/me/stats', { params: { query: { organizationId } } })),
  });
  const history = useHistory();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('stats.title')}</h1>
      <QueryView query={stats} what={t('stats.loading')}>
        {(s) => (
          <>
            <dl className="totals">
              <div>
                <dt>{t('stats.ticketsSold')}</dt>
                <dd data-testid="total-sold">{formatNumber(s.totalTicketsSold)}</dd>
              </div>
              <div>
                <dt>{t('stats.revenue')}</dt>
                <dd data-testid="total-revenue">{formatMoney(s.totalRevenue)}</dd>
              </div>
            </dl>
            <Table
              caption={t('stats.byShowtime')}
              head={[t('stats.showtime'), t('stats.sold'), t('stats.revenue')]}
              rows={s.byShowtime.map((r) => [
                `${r.eventName}: ${showtimeName(r)}`,
                formatNumber(r.ticketsSold),
                formatMoney(r.revenue),
              ])}
            />
            <Table
              caption={t('stats.byTicketType')}
              head={[t('stats.ticketType'), t('stats.sold'), t('stats.revenue')]}
              rows={s.byTicketType.map((r) => [r.ticketTypeName, formatNumber(r.quantity), formatMoney(r.revenue)])}
            />
            <Table
              caption={t('stats.byEvent')}
              head={[t('stats.event'), t('stats.sold'), t('stats.revenue')]}
              rows={s.eventBreakdown.map((r) => [r.eventName, formatNumber(r.ticketsSold), formatMoney(r.revenue)])}
            />
          </>
        )}
      </QueryView>
      <h2>{t('stats.history')}</h2>
      <QueryView query={history} what={t('stats.loadingHistory')}>
        {(data) => {
          const items = pagesOf(data);
          if (items.length === 0) return <Empty>{t('common.nothingYet')}</Empty>;
          return (
            <Table
              caption={t('stats.historyCaption')}
              head={[t('stats.when'), t('stats.what'), t('stats.tickets'), t('stats.amount')]}
              rows={items.map((i) => [
                formatDateTime(i.createdAt),
                i.kind === 'order' ? `${t('stats.order')} · ${statusLabel(i.status ?? '')}` : t('stats.directSale'),
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
