import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { useOrganization } from '../../data/session-hooks';
import { formatDateTime, formatMoney, formatNumber } from '../../ui/format';
import { Table } from '../../ui/Table';

export type OverviewItem = ResponseData<'/api/events-overview', 'get'>['items'][number];

/**
 * The organization's events with their figures (`GET /api/events-overview`, one paged call of up to 100): the
 * treasurer's dashboard takes its event list from it too, so the table costs no call of its own. The figures are
 * kept on the showtime counters as sales happen (docs/decisions/events.md), so the call stays small at any size.
 */
export function useEventsOverview() {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'events-overview'],
    queryFn: () => unwrap(http.GET('/api/events-overview', { params: { query: { organizationId, limit: 100 } } })),
    enabled: Boolean(organizationId),
  });
}

/** Every live event in one table: sold, remaining, revenue and fees, each a link to its dashboard. */
export function EventsAtAGlance({ items }: { items: OverviewItem[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="at-a-glance">
      <h2 id="at-a-glance">{t('glance.title')}</h2>
      <Table
        caption={t('glance.table')}
        head={[
          t('glance.event'),
          t('glance.date'),
          t('glance.sold'),
          t('glance.remaining'),
          t('glance.revenue'),
          t('glance.fees'),
        ]}
        rows={items.map((e) => [
          <Link key={e.id} to={`/treasurer?event=${e.id}`}>
            {e.name}
          </Link>,
          formatDateTime(e.date),
          formatNumber(e.statistics.sold),
          formatNumber(e.statistics.remaining),
          formatMoney(e.statistics.revenue),
          formatMoney(e.statistics.fees),
        ])}
      />
    </section>
  );
}
