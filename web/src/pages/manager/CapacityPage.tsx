import { useActiveEvent, useCapacity } from '../../data/queries';
import { Empty, QueryView } from '../../ui/feedback';
import { formatNumber, showtimeName } from '../../ui/format';
import { Table } from '../../ui/Table';

/** Capacity per showtime, by channel (calls: active event, capacity summary). */
export default function CapacityPage() {
  const event = useActiveEvent();
  const capacity = useCapacity(event.data?.id);
  return (
    <>
      <h1>Capacity</h1>
      <QueryView query={event} what="Loading the event">
        {(data) =>
          !data ? (
            <Empty>There is no active event.</Empty>
          ) : (
            <QueryView query={capacity} what="Loading capacity">
              {(summary) => (
                <>
                  <p>
                    {data.name}: {formatNumber(summary.aggregate.sold)} of {formatNumber(summary.aggregate.capacity)}{' '}
                    seats taken, {formatNumber(summary.aggregate.remaining)} left.
                  </p>
                  <Table
                    caption="Per showtime"
                    head={['Showtime', 'Capacity', 'Orders', 'Direct', 'External', 'Free', 'Sold', 'Left']}
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
                </>
              )}
            </QueryView>
          )
        }
      </QueryView>
    </>
  );
}
