import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../ui/router';
import { formatDateTime } from '../../ui/format';
import { useEvents } from '../../data/events';
import { chosenEventOf } from '../../data/first-screen';

/** An event the filter offers (the events list's items, or the choices a list answer carries). */
type EventChoice = { id: string; name: string; date: string; deletedAt?: string };

/**
 * The choices a manager list's first page carries (`useOrders(..., { withEvents: true })`): while it loads, the
 * filter asks nothing itself; if it failed or carried none, the filter asks GET /api/events as before.
 */
export const carriedEvents = (list: { isPending: boolean; data?: { pages: { events?: EventChoice[] }[] } }) => ({
  events: list.data?.pages[0]?.events,
  pending: list.isPending,
});

/** The event chosen in the URL (`?event=`), none meaning every event: what a list is asked for. */
export function useChosenEventId(): string | undefined {
  const [params] = useSearchParams();
  return chosenEventOf(params);
}

/**
 * Which event a manager's order list shows: `?event=` in the URL (a reload or a shared link keeps it), none meaning
 * every event (what `GET /api/orders` answers without `eventId`). The choice is the list call's own `eventId`
 * filter, so each list stays one paged call; the options are the ones the list's answer carries (`carried`), else
 * `GET /api/events` (one call, shared by the lists).
 */
export function useEventFilter(carried?: { events?: EventChoice[]; pending: boolean }) {
  const events = useEvents(false, !carried || (!carried.pending && !carried.events));
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
  const options: EventChoice[] = (carried?.events ?? events.data?.items ?? []).filter((e) => !e.deletedAt);
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
