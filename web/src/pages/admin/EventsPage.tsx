import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { Empty, ErrorNotice } from '../../ui/feedback';
import { formatDateTime, formatMoney, showtimeName } from '../../ui/format';
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
  return (
    <>
      <h1>Events</h1>
      {editing ? (
        <section aria-labelledby="event-form-title">
          <h2 id="event-form-title">{editing === 'new' ? 'New event' : `Edit ${editing.name}`}</h2>
          <EventForm event={editing === 'new' ? undefined : editing} onDone={() => setEditing(undefined)} />
        </section>
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          New event
        </button>
      )}
      <Guarded query={events} what="Loading events">
        {(data) =>
          data.items.length === 0 ? (
            <Empty>No events yet.</Empty>
          ) : (
            <ul className="cards" aria-label="Events">
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
        {event.name} {deleted ? '(deleted)' : event.salesLocked ? '(sales closed)' : ''}
      </h3>
      <p className="meta">
        {formatDateTime(event.date)}
        {event.location ? ` · ${event.location}` : ''} · {event.venueCapacity} seats per showtime
        {event.enableQuotas ? ' · allocation limits on' : ''}
      </p>
      <p>
        Showtimes: {event.showtimes.map((s) => showtimeName(s)).join('; ')}
        <br />
        Ticket types: {event.ticketTypes.map((t) => `${t.name} ${formatMoney(t.price)}`).join('; ')}
      </p>
      <div className="row">
        {deleted ? (
          <button type="button" onClick={() => act.mutate('restore')} disabled={act.isPending}>
            Restore
          </button>
        ) : (
          <>
            <button type="button" className="secondary" onClick={onEdit}>
              Edit
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => act.mutate(event.salesLocked ? 'unlock' : 'lock')}
              disabled={act.isPending}
            >
              {event.salesLocked ? 'Open sales' : 'Close sales'}
            </button>
            <ExternalCountDialog event={event} />
            <button
              type="button"
              className="danger"
              disabled={act.isPending}
              onClick={() => window.confirm(`Delete ${event.name}? It can be restored later.`) && act.mutate('delete')}
            >
              Delete
            </button>
          </>
        )}
      </div>
      <ErrorNotice error={act.error} />
    </li>
  );
}
