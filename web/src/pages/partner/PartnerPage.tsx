import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../app/queries';
import { Empty, ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime, formatMoney, formatNumber, showtimeName } from '../../ui/format';
import { Guarded, useAccess } from '../../ui/part2/access';
import { Table } from '../../ui/Table';
import { TicketInputs, ShowtimeSelect } from '../../ui/TicketInputs';
import { PartnerQueue } from './PartnerQueue';
import { useDelegatedEvents, useSalesContext, type DelegatedEvent } from './queries';

/**
 * Selling for another organization: the delegated events (one call), each one's sales context (types, showtimes,
 * seats left; one call), a self-service order for every member, and the queue for ticket managers.
 */
export default function PartnerPage() {
  const events = useDelegatedEvents();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>Selling for partners</h1>
      <Guarded query={events} what="Loading delegated events">
        {(data) => {
          const live = data.items.filter((e) => e.status === 'active');
          const chosen = live.find((e) => e.eventId === params.get('event')) ?? live[0];
          if (!chosen) return <Empty>Your organization sells for no other organization right now.</Empty>;
          return (
            <>
              {live.length > 1 && (
                <label>
                  Event{' '}
                  <select
                    value={chosen.eventId}
                    onChange={(e) => setParams({ event: e.target.value }, { replace: true })}
                  >
                    {live.map((e) => (
                      <option key={e.eventId} value={e.eventId}>
                        {e.eventName ?? e.eventId} ({e.ownerOrganizationName})
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <DelegatedEventView event={chosen} />
            </>
          );
        }}
      </Guarded>
    </>
  );
}

function DelegatedEventView({ event }: { event: DelegatedEvent }) {
  const access = useAccess();
  const manager = access.at('ticketManager');
  const context = useSalesContext(manager ? event.eventId : undefined);
  if (!manager)
    // The sales context (ticket types, showtimes) answers Ticket Manager+ only, and no member-readable catalog
    // exists yet (docs/decisions/web-client-part2.md): a member cannot build a request without the ids in it.
    return (
      <>
        <h2>
          {event.eventName ?? 'An event'} for {event.ownerOrganizationName}
        </h2>
        <p className="notice">
          Your organization sells tickets for this event
          {event.eventDate ? ` on ${formatDateTime(event.eventDate)}` : ''}. Ask your ticket manager for tickets: the
          ticket types and showtimes are not yet shown to members here.
        </p>
      </>
    );
  return (
    <Guarded query={context} what="Loading the event">
      {(c) => (
        <>
          <h2>
            {c.eventName} for {c.ownerOrganizationName}
          </h2>
          <p className="meta">
            {formatDateTime(c.date)}
            {c.location ? ` · ${c.location}` : ''}
            {c.salesLocked ? ' · sales are closed' : ''}
          </p>
          <Table
            caption="Seats left per showtime"
            head={['Showtime', 'Capacity', 'Left']}
            rows={c.showtimes.map((s) => [showtimeName(s), formatNumber(s.venueCapacity), formatNumber(s.remaining)])}
          />
          {!c.salesLocked && <SelfOrder eventId={event.eventId} context={c} />}
          {access.at('ticketManager') && <PartnerQueue eventId={event.eventId} />}
          <p>
            <Link to="/history">Your own orders</Link> are listed with the rest of your orders.
          </p>
        </>
      )}
    </Guarded>
  );
}

function SelfOrder({
  eventId,
  context,
}: {
  eventId: string;
  context: NonNullable<ReturnType<typeof useSalesContext>['data']>;
}) {
  const [showtimeId, setShowtimeId] = useState(context.showtimes[0]?.showtimeId ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const order = useAction((_: void, organizationId) =>
    unwrap(
      http.POST('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/self', {
        params: { path: { partnerOrganizationId: organizationId, eventId } },
        body: {
          showtimeId,
          tickets: Object.entries(values)
            .map(([ticketTypeId, q]) => ({ ticketTypeId, quantity: Number(q) }))
            .filter((t) => t.quantity > 0),
        },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    order.mutate(undefined, { onSuccess: () => setValues({}) });
  };
  const types = context.ticketTypes;
  return (
    <section aria-labelledby="self-order-title">
      <h3 id="self-order-title">Request tickets to sell</h3>
      <form className="stack" onSubmit={submit}>
        <ShowtimeSelect showtimes={context.showtimes} value={showtimeId} onChange={setShowtimeId} />
        <TicketInputs types={types} values={values} onChange={setValues} legend="How many of each" />
        <button type="submit" disabled={order.isPending || !Object.values(values).some((v) => Number(v) > 0)}>
          Send request
        </button>
      </form>
      {order.data && (
        <Success>
          Requested {order.data.totalQuantity} tickets ({formatMoney(order.data.totalAmount)}). Your ticket manager
          approves it.
        </Success>
      )}
      <ErrorNotice error={order.error} title="The request was not sent" />
    </section>
  );
}
