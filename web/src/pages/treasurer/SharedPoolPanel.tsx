import { Link } from 'react-router';
import { formatNumber, showtimeName } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { useSharedCapacity } from '../shared-events/queries';
import type { Dashboard } from './useDashboard';

/**
 * A Shared Event's local event is `se-{sharedEventId}` (docs/decisions/shared-event-cancellation.md, Projections).
 * Its dashboard counts this organization's sales only; the seats left are the Shared Event's, shared with the other
 * organizations, so they are read from its capacity (one call) and shown here.
 */
export const sharedEventIdOf = (eventId: string) => (eventId.startsWith('se-') ? eventId.slice(3) : undefined);

export function SharedPoolPanel({ data }: { data: Dashboard }) {
  const sharedEventId = sharedEventIdOf(data.eventId);
  const capacity = useSharedCapacity(sharedEventId);
  if (!sharedEventId) return null;
  const label = (showtimeId: string) => {
    const s = data.salesByShowtime.find((x) => x.showtimeId === showtimeId);
    return s ? showtimeName(s) : showtimeId;
  };
  return (
    <section aria-labelledby="pool-title">
      <h2 id="pool-title">Shared Event seats</h2>
      <Guarded query={capacity} what="Loading the Shared Event's seats">
        {(c) => (
          <>
            <p>
              This event is part of a <Link to={`/shared-events/${sharedEventId}`}>Shared Event</Link>:{' '}
              {c.capacityPolicy === 'pool'
                ? 'every organization sells from one pool, so the seats left are what all of them have left.'
                : 'each organization sells from its own quota.'}
            </p>
            <Table
              caption={c.capacityPolicy === 'pool' ? 'Pool seats remaining' : 'Quota seats remaining'}
              head={['Showtime', 'Capacity', 'Sold by all', 'Remaining']}
              rows={c.showtimes.map((s) => [
                label(s.showtimeId),
                formatNumber(s.capacity),
                formatNumber(s.committed + s.reserved),
                formatNumber(s.available),
              ])}
            />
          </>
        )}
      </Guarded>
    </section>
  );
}
