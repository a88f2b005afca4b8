import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/router';
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
  const { t } = useTranslation();
  const sharedEventId = sharedEventIdOf(data.eventId);
  const capacity = useSharedCapacity(sharedEventId);
  if (!sharedEventId) return null;
  const label = (showtimeId: string) => {
    const s = data.salesByShowtime.find((x) => x.showtimeId === showtimeId);
    return s ? showtimeName(s) : showtimeId;
  };
  return (
    <section aria-labelledby="pool-title">
      <h2 id="pool-title">{t('sharedPool.title')}</h2>
      <Guarded query={capacity} what={t('sharedPool.loading')}>
        {(c) => (
          <>
            <p>
              {t('sharedPool.partOf')} <Link to={`/shared-events/${sharedEventId}`}>{t('sharedPool.sharedEvent')}</Link>
              : {c.capacityPolicy === 'pool' ? t('sharedPool.pool') : t('sharedPool.quota')}
            </p>
            <Table
              caption={c.capacityPolicy === 'pool' ? t('sharedPool.poolTable') : t('sharedPool.quotaTable')}
              head={[
                t('sharedPool.showtime'),
                t('sharedPool.capacity'),
                t('sharedPool.soldByAll'),
                t('sharedPool.remaining'),
              ]}
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
