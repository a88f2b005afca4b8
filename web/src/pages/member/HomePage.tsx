import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import type { ActiveEvent } from '../../api/types';
import { useAction, useActiveEvent, useCapacity } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { write } from '../../offline/write';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime, formatNumber, showtimeName, tickets } from '../../ui/format';
import { linesOf, ShowtimeSelect, TicketInputs } from '../../ui/TicketInputs';

/** The member's home: the active event, what remains of each showtime, and the printed-ticket request. */
export default function HomePage() {
  const { t } = useTranslation();
  const event = useActiveEvent();
  return (
    <>
      <h1>{t('home.title')}</h1>
      <QueryView query={event} what={t('home.loading')}>
        {(data) => (data ? <EventView event={data} /> : <Empty>{t('home.noEvent')}</Empty>)}
      </QueryView>
    </>
  );
}

function EventView({ event }: { event: ActiveEvent }) {
  const { t } = useTranslation();
  const capacity = useCapacity(event.id);
  return (
    <>
      <section aria-labelledby="event-name">
        <h2 id="event-name">{event.name}</h2>
        <p className="meta">
          {formatDateTime(event.date)}
          {event.location ? ` · ${event.location}` : ''}
          {event.salesLocked ? ` · ${t('home.salesClosedShort')}` : ''}
        </p>
        {event.description && <p>{event.description}</p>}
        <h3>{t('home.seatsLeft')}</h3>
        <QueryView query={capacity} what={t('home.loadingSeats')}>
          {(summary) => (
            <ul className="showtimes">
              {summary.showtimes.map((s) => (
                <li key={s.showtimeId} className="card">
                  <span>{showtimeName(s)}</span>
                  <strong>
                    {t('home.remainingOf', {
                      count: s.remaining,
                      remaining: formatNumber(s.remaining),
                      capacity: formatNumber(s.capacity),
                    })}
                  </strong>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
      <RequestTickets
        event={event}
        remaining={Object.fromEntries((capacity.data?.showtimes ?? []).map((s) => [s.showtimeId, s.remaining]))}
      />
      {event.commitmentStatus === 'open' && (
        <p>
          {t('home.commitmentOpen')} <Link to="/pledge">{t('home.makePledge')}</Link>
        </p>
      )}
    </>
  );
}

/** `remaining`: seats left per showtime, said before sending (asking for more is allowed: seats go when sold). */
function RequestTickets({ event, remaining }: { event: ActiveEvent; remaining: Record<string, number> }) {
  const { t } = useTranslation();
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
      label: t('offline.label.ticketRequestFor', {
        tickets: tickets(linesOf(values).reduce((n, l) => n + l.quantity, 0)),
        event: event.name,
      }),
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
  const left = remaining[showtimeId];
  const asked = linesOf(values).reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section aria-labelledby="request-title">
      <h2 id="request-title">{t('request.title')}</h2>
      {event.salesLocked ? (
        <p className="notice">{t('request.salesClosed')}</p>
      ) : (
        <form onSubmit={submit} className="stack">
          <ShowtimeSelect showtimes={event.showtimes} value={showtimeId} onChange={setShowtimeId} />
          {event.enableQuotas && allocations.isError && (
            <ErrorNotice error={allocations.error} title={t('request.couldNotLoadAllocation')} />
          )}
          {event.enableQuotas && allocations.isSuccess && Object.keys(limits).length === 0 && (
            <p className="notice">{t('request.noAllocation')}</p>
          )}
          <TicketInputs
            types={types}
            values={values}
            onChange={setValues}
            legend={t('request.howMany')}
            max={event.enableQuotas ? limits : undefined}
          />
          {left !== undefined && (
            <p className="meta" data-testid="seats-left" aria-live="polite">
              {t('request.seatsLeft', { count: left, formatted: formatNumber(left) })}
              {asked > left && ` ${t('request.moreThanLeft')}`}
            </p>
          )}
          <label>
            {t('request.note')}
            <textarea value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" disabled={request.isPending || linesOf(values).length === 0}>
            {request.isPending ? t('common.sending') : t('request.send')}
          </button>
          {request.isSuccess && (
            <Success>
              {t('request.sent', { tickets: tickets(request.data.totalQuantity) })}{' '}
              <Link to="/history?tab=active">{t('request.follow')}</Link>
            </Success>
          )}
          <ErrorNotice error={request.error} title={t('request.notSent')} />
        </form>
      )}
    </section>
  );
}
