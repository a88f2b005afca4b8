import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../ui/format';
import { useEvents } from '../../data/events';

/**
 * Which event a manager's order list shows: `?event=` in the URL (a reload or a shared link keeps it), none meaning
 * every event (what `GET /api/orders` answers without `eventId`). The choice is the list call's own `eventId`
 * filter, so each list stays one paged call; the options are `GET /api/events` (one call, shared by the lists).
 */
export function useEventFilter() {
  const events = useEvents();
  const [params, setParams] = useSearchParams();
  const eventId = params.get('event') || undefined;
  const choose = (id: string) =>
    setParams(
      (p) => {
        if (id) p.set('event', id);
        else p.delete('event');
        return p;
      },
      { replace: true },
    );
  const options = (events.data?.items ?? []).filter((e) => !e.deletedAt);
  return { eventId, choose, options };
}

export function EventFilter({ filter }: { filter: ReturnType<typeof useEventFilter> }) {
  const { t } = useTranslation();
  return (
    <label className="event-select">
      {t('ticketFields.event')}{' '}
      <select value={filter.eventId ?? ''} onChange={(e) => filter.choose(e.target.value)}>
        <option value="">{t('eventFilter.all')}</option>
        {filter.options.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name} ({formatDateTime(e.date)})
          </option>
        ))}
        {/* A linked event not (or not yet) in the list still shows as chosen. */}
        {filter.eventId && !filter.options.some((e) => e.id === filter.eventId) && (
          <option value={filter.eventId}>{t('eventFilter.chosen')}</option>
        )}
      </select>
    </label>
  );
}
