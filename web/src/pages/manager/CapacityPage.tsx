import { useTranslation } from 'react-i18next';
import { useActiveEvent, useCapacity } from '../../data/queries';
import { Empty, QueryView } from '../../ui/feedback';
import { formatNumber, showtimeName } from '../../ui/format';
import { Table } from '../../ui/Table';
import { ShowtimeStockPrint } from '../shared/TicketSheet';

/** Capacity per showtime, by channel (calls: active event, capacity summary). */
export default function CapacityPage() {
  const event = useActiveEvent();
  const capacity = useCapacity(event.data?.id);
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('capacity.title')}</h1>
      <QueryView query={event} what={t('home.loading')}>
        {(data) =>
          !data ? (
            <Empty>{t('pledge.noEvent')}</Empty>
          ) : (
            <QueryView query={capacity} what={t('capacity.loading')}>
              {(summary) => (
                <>
                  <p>
                    {t('capacity.summary', {
                      event: data.name,
                      sold: formatNumber(summary.aggregate.sold),
                      capacity: formatNumber(summary.aggregate.capacity),
                      remaining: formatNumber(summary.aggregate.remaining),
                    })}
                  </p>
                  <Table
                    caption={t('capacity.perShowtime')}
                    head={[
                      t('stats.showtime'),
                      t('capacity.capacity'),
                      t('capacity.orders'),
                      t('capacity.direct'),
                      t('capacity.external'),
                      t('capacity.free'),
                      t('stats.sold'),
                      t('capacity.left'),
                    ]}
                    rows={summary.showtimes.map((s) => [
                      showtimeName(s),
                      formatNumber(s.capacity),
                      formatNumber(s.orders),
                      formatNumber(s.registrations),
                      formatNumber(s.external),
                      formatNumber(s.free),
                      formatNumber(s.sold),
                      formatNumber(s.remaining),
                    ])}
                  />
                  <ShowtimeStockPrint eventId={data.id} showtimes={data.showtimes} />
                </>
              )}
            </QueryView>
          )
        }
      </QueryView>
    </>
  );
}
