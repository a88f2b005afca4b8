import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { ActiveEvent } from '../../api/types';
import { useAction, useActiveEvent } from '../../app/queries';
import { useOrganization } from '../../app/session-hooks';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime, showtimeName } from '../../ui/format';
import { ShowtimeSelect } from '../../ui/TicketInputs';
import { Table } from '../../ui/Table';
import { EditFreeTicket } from './EditFreeTicket';

/** Free tickets of the active event: give, change and remove (calls: event, free-ticket list). */
export default function FreeTicketsPage() {
  const event = useActiveEvent();
  return (
    <>
      <h1>Free tickets</h1>
      <QueryView query={event} what="Loading the event">
        {(data) => (data ? <FreeTickets event={data} /> : <Empty>There is no active event.</Empty>)}
      </QueryView>
    </>
  );
}

function FreeTickets({ event }: { event: ActiveEvent }) {
  const { organizationId } = useOrganization();
  const list = useQuery({
    queryKey: [organizationId, 'free-tickets', event.id],
    queryFn: () =>
      unwrap(
        http.GET('/api/events/{eventId}/free-tickets', {
          params: { path: { eventId: event.id }, query: { organizationId } },
        }),
      ),
  });
  const [showtimeId, setShowtimeId] = useState(event.showtimes[0]?.showtimeId ?? '');
  const [ticketTypeId, setTicketTypeId] = useState(event.ticketTypes[0]?.id ?? '');
  const [quantity, setQuantity] = useState('1');
  const [recipient, setRecipient] = useState('');
  const [reason, setReason] = useState('');
  const give = useAction((_: void, org) =>
    unwrap(
      http.POST('/api/events/{eventId}/free-tickets', {
        params: { path: { eventId: event.id }, query: { organizationId: org } },
        body: {
          showtimeId,
          ticketTypeId,
          quantity: Number(quantity),
          recipient: recipient.trim(),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
      }),
    ),
  );
  const remove = useAction((id: string, org) =>
    unwrap(
      http.DELETE('/api/events/{eventId}/free-tickets/{id}', {
        params: { path: { eventId: event.id, id }, query: { organizationId: org } },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    give.mutate(undefined, { onSuccess: () => setRecipient('') });
  };
  const showtimeOf = (id: string) => event.showtimes.find((s) => s.showtimeId === id);
  return (
    <>
      <form onSubmit={submit} className="stack grid">
        <h2>Give free tickets</h2>
        <ShowtimeSelect showtimes={event.showtimes} value={showtimeId} onChange={setShowtimeId} />
        <label>
          Ticket type
          <select value={ticketTypeId} onChange={(e) => setTicketTypeId(e.target.value)}>
            {event.ticketTypes.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Quantity
          <input type="number" min={1} required value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </label>
        <label>
          Recipient
          <input required maxLength={255} value={recipient} onChange={(e) => setRecipient(e.target.value)} />
        </label>
        <label>
          Reason (optional)
          <input maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" disabled={give.isPending}>
          Give tickets
        </button>
        {give.isSuccess && <Success>Given.</Success>}
        <ErrorNotice error={give.error} title="Not given" />
      </form>
      <ErrorNotice error={remove.error} title="Not removed" />
      <QueryView query={list} what="Loading free tickets">
        {(data) => (
          <Table
            caption="Free tickets given"
            head={['Recipient', 'Showtime', 'Type', 'Quantity', 'Reason', 'Given', '']}
            rows={data.items.map((f) => [
              f.recipient,
              showtimeName(showtimeOf(f.showtimeId) ?? {}),
              f.ticketTypeName,
              f.quantity,
              f.reason ?? '',
              formatDateTime(f.createdAt),
              <div className="row" key="x">
                <EditFreeTicket event={event} ticket={f} />
                <button type="button" className="danger" onClick={() => remove.mutate(f.id)}>
                  Remove<span className="sr-only"> {f.recipient}'s tickets</span>
                </button>
              </div>,
            ])}
          />
        )}
      </QueryView>
    </>
  );
}
