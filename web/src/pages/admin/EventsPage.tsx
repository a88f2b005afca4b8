import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { Empty, ErrorNotice } from '../../ui/feedback';
import { formatDateTime, formatMoney, formatNumber, showtimeName } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { useEvents, type EventItem } from '../../data/events';
import { EventForm } from './EventForm';
import { ExternalCountDialog } from './ExternalCountDialog';

/**
 * The admin's events: create, edit (same call), lock and unlock sales, delete and restore, and each showtime's
 * manual external count.
 * Calls: events list with deleted ones (one paged call); writes on demand.
 */
export default function EventsPage() {
  const events = useEvents(true);
  const [editing, setEditing] = useState<EventItem | 'new' | undefined>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('admin.events.title')}</h1>
      {editing ? (
        <section aria-labelledby="event-form-title">
          <h2 id="event-form-title">
            {editing === 'new' ? t('admin.events.new') : t('admin.events.editNamed', { name: editing.name })}
          </h2>
          <EventForm event={editing === 'new' ? undefined : editing} onDone={() => setEditing(undefined)} />
        </section>
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          {t('admin.events.new')}
        </button>
      )}
      <Guarded query={events} what={t('admin.events.loading')}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('admin.events.none')}</Empty>
          ) : (
            <ul className="cards" aria-label={t('admin.events.title')}>
              {data.items.map((e) => (
                <EventCard key={e.id} event={e} onEdit={() => setEditing(e)} />
              ))}
            </ul>
          )
        }
      </Guarded>
    </>
  );
}

function EventCard({ event, onEdit }: { event: EventItem; onEdit: () => void }) {
  const { t } = useTranslation();
  const act = useAction((action: 'lock' | 'unlock' | 'delete' | 'restore', organizationId) => {
    const params = { params: { path: { id: event.id }, query: { organizationId } } };
    if (action === 'delete') return unwrap(http.DELETE('/api/management/events/{id}', params));
    if (action === 'restore') return unwrap(http.PATCH('/api/management/events/{id}/restore', params));
    return unwrap(
      http.PUT('/api/management/events/{id}/lock', { ...params, body: { salesLocked: action === 'lock' } }),
    );
  });
  const deleted = Boolean(event.deletedAt);
  return (
    <li className="card">
      <h3>
        {event.name} {deleted ? t('admin.events.deleted') : event.salesLocked ? t('admin.events.salesClosed') : ''}
      </h3>
      <p className="meta">
        {formatDateTime(event.date)}
        {event.location ? ` · ${event.location}` : ''} ·{' '}
        {t('admin.events.seatsPerShowtime', {
          count: event.venueCapacity,
          formatted: formatNumber(event.venueCapacity),
        })}
        {event.enableQuotas ? ` · ${t('admin.events.quotasOn')}` : ''}
      </p>
      <p>
        {t('admin.events.showtimes', { list: event.showtimes.map((s) => showtimeName(s)).join('; ') })}
        <br />
        {t('admin.events.ticketTypes', {
          list: event.ticketTypes.map((type) => `${type.name} ${formatMoney(type.price)}`).join('; '),
        })}
      </p>
      <div className="row">
        {deleted ? (
          <button type="button" onClick={() => act.mutate('restore')} disabled={act.isPending}>
            {t('admin.events.restore')}
          </button>
        ) : (
          <>
            <button type="button" className="secondary" onClick={onEdit}>
              {t('common.edit')}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => act.mutate(event.salesLocked ? 'unlock' : 'lock')}
              disabled={act.isPending}
            >
              {event.salesLocked ? t('admin.events.openSales') : t('admin.events.closeSales')}
            </button>
            <ExternalCountDialog event={event} />
            <button
              type="button"
              className="danger"
              disabled={act.isPending}
              onClick={() =>
                window.confirm(t('admin.events.confirmDelete', { name: event.name })) && act.mutate('delete')
              }
            >
              {t('common.delete')}
            </button>
          </>
        )}
      </div>
      <ErrorNotice error={act.error} />
    </li>
  );
}
