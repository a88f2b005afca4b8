import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { http, unwrap } from '../../api/instance';
import type { ActiveEvent } from '../../api/types';
import { useAction, useActiveEvent, useCapacity } from '../../app/queries';
import { write } from '../../offline/write';
import { useOrganization } from '../../app/session-hooks';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime, formatNumber, showtimeName, tickets } from '../../ui/format';
import { linesOf, ShowtimeSelect, TicketInputs } from '../../ui/TicketInputs';

/** The member's home: the active event, what remains of each showtime, and the printed-ticket request. */
export default function HomePage() {
  const event = useActiveEvent();
  return (
    <>
      <h1>Event</h1>
      <QueryView query={event} what="Loading the event">
        {(data) => (data ? <EventView event={data} /> : <Empty>There is no active event right now.</Empty>)}
      </QueryView>
    </>
  );
}

function EventView({ event }: { event: ActiveEvent }) {
  const capacity = useCapacity(event.id);
  return (
    <>
      <section aria-labelledby="event-name">
        <h2 id="event-name">{event.name}</h2>
        <p className="meta">
          {formatDateTime(event.date)}
          {event.location ? ` · ${event.location}` : ''}
          {event.salesLocked ? ' · Sales are closed' : ''}
        </p>
        {event.description && <p>{event.description}</p>}
        <h3>Seats left</h3>
        <QueryView query={capacity} what="Loading seats">
          {(summary) => (
            <ul className="showtimes">
              {summary.showtimes.map((s) => (
                <li key={s.showtimeId} className="card">
                  <span>{showtimeName(s)}</span>
                  <strong>
                    {formatNumber(s.remaining)} of {formatNumber(s.capacity)} left
                  </strong>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
      <RequestTickets event={event} />
      {event.commitmentStatus === 'open' && (
        <p>
          The commitment round is open: <Link to="/pledge">make your pledge</Link>.
        </p>
      )}
    </>
  );
}

function RequestTickets({ event }: { event: ActiveEvent }) {
  const { organizationId } = useOrganization();
  const [showtimeId, setShowtimeId] = useState(event.showtimes[0]?.showtimeId ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const allocations = useQuery({
    queryKey: [organizationId, 'my-allocations', event.id],
    queryFn: () =>
      unwrap(http.GET('/api/my-allocations', { params: { query: { organizationId, eventId: event.id } } })),
    enabled: event.enableQuotas,
  });
  const request = useAction((_: void, org) =>
    write('post', '/api/orders', {
      params: { query: { organizationId: org } },
      body: {
        eventId: event.id,
        showtimeId,
        tickets: linesOf(values),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      label: `Ticket request: ${tickets(linesOf(values).reduce((n, l) => n + l.quantity, 0))} for ${event.name}`,
      queue: true,
    }),
  );
  // The allocation left per ticket type for this showtime (or the event-wide allocation).
  const limits: Record<string, number> = {};
  for (const allocation of allocations.data?.items ?? []) {
    if (allocation.showtimeId && allocation.showtimeId !== showtimeId) continue;
    for (const item of allocation.items) limits[item.ticketTypeId] = Math.max(0, item.allocated - item.used);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(undefined, { onSuccess: () => setValues({}) });
  };
  const types = [...event.ticketTypes].sort((a, b) => a.sortOrder - b.sortOrder);
  return (
    <section aria-labelledby="request-title">
      <h2 id="request-title">Request printed tickets</h2>
      {event.salesLocked ? (
        <p className="notice">Sales are closed for this event.</p>
      ) : (
        <form onSubmit={submit} className="stack">
          <ShowtimeSelect showtimes={event.showtimes} value={showtimeId} onChange={setShowtimeId} />
          {event.enableQuotas && allocations.isError && (
            <ErrorNotice error={allocations.error} title="Could not load your allocation" />
          )}
          {event.enableQuotas && allocations.isSuccess && Object.keys(limits).length === 0 && (
            <p className="notice">Quotas are on and you have no allocation for this showtime yet.</p>
          )}
          <TicketInputs
            types={types}
            values={values}
            onChange={setValues}
            legend="How many of each"
            max={event.enableQuotas ? limits : undefined}
          />
          <label>
            Note for the ticket manager (optional)
            <textarea value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" disabled={request.isPending || linesOf(values).length === 0}>
            {request.isPending ? 'Sending…' : 'Send request'}
          </button>
          {request.isSuccess && (
            <Success>
              Requested {tickets(request.data.totalQuantity)}. <Link to="/history?tab=active">Follow your orders</Link>.
            </Success>
          )}
          <ErrorNotice error={request.error} title="The request was not sent" />
        </form>
      )}
    </section>
  );
}
