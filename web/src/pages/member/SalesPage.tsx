import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { atLeast, type ActiveEvent, type HistoryItem } from '../../api/types';
import { pagesOf, useAction, useActiveEvent, useHistory } from '../../app/queries';
import { useOrganization } from '../../app/session-hooks';
import { write } from '../../offline/write';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime, formatMoney, showtimeName, tickets } from '../../ui/format';
import { linesOf, ShowtimeSelect, TicketInputs } from '../../ui/TicketInputs';
import { useNow } from '../../ui/useNow';

/** Direct sales: register one, and see your own with the one-hour edit window (calls: event, history). */
export default function SalesPage() {
  const event = useActiveEvent();
  const history = useHistory();
  return (
    <>
      <h1>Direct sales</h1>
      <QueryView query={event} what="Loading the event">
        {(data) => (data ? <RegisterSale event={data} /> : <Empty>There is no active event to sell for.</Empty>)}
      </QueryView>
      <h2>Your direct sales</h2>
      <QueryView query={history} what="Loading your sales">
        {(data) => {
          const sales = pagesOf(data).filter((item) => item.kind === 'registration');
          if (sales.length === 0) return <Empty>You have not registered a direct sale yet.</Empty>;
          return sales.map((sale) => <SaleCard key={sale.id} sale={sale} event={event.data ?? undefined} />);
        }}
      </QueryView>
    </>
  );
}

function RegisterSale({ event }: { event: ActiveEvent }) {
  const [showtimeId, setShowtimeId] = useState(event.showtimes[0]?.showtimeId ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [buyerName, setBuyerName] = useState('');
  const register = useAction((_: void, organizationId) =>
    write('post', '/api/registrations', {
      params: { query: { organizationId } },
      body: {
        eventId: event.id,
        showtimeId,
        tickets: linesOf(values),
        ...(buyerName.trim() ? { buyerName: buyerName.trim() } : {}),
      },
      label: `Direct sale: ${tickets(linesOf(values).reduce((n, l) => n + l.quantity, 0))} for ${event.name}`,
      queue: true,
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate(undefined, { onSuccess: () => setValues({}) });
  };
  return (
    <form onSubmit={submit} className="stack" aria-labelledby="register-title">
      <h2 id="register-title">Register a sale for {event.name}</h2>
      <ShowtimeSelect showtimes={event.showtimes} value={showtimeId} onChange={setShowtimeId} />
      <TicketInputs types={event.ticketTypes} values={values} onChange={setValues} legend="Tickets sold" />
      <label>
        Buyer name (optional)
        <input value={buyerName} maxLength={255} onChange={(e) => setBuyerName(e.target.value)} />
      </label>
      <button type="submit" disabled={register.isPending || linesOf(values).length === 0}>
        {register.isPending ? 'Saving…' : 'Register sale'}
      </button>
      {register.isSuccess && (
        <Success>
          Registered {tickets(register.data.totalQuantity)} ({formatMoney(register.data.totalAmount)}). You can change
          it until {formatDateTime(register.data.lockedAt)}.
        </Success>
      )}
      <ErrorNotice error={register.error} title="The sale was not registered" />
    </form>
  );
}

function SaleCard({ sale, event }: { sale: HistoryItem; event?: ActiveEvent }) {
  const { membership } = useOrganization();
  const now = useNow();
  const [editing, setEditing] = useState(false);
  const lockedAt = Date.parse(sale.lockedAt ?? '');
  const minutesLeft = Math.ceil((lockedAt - now) / 60_000);
  const open = minutesLeft > 0;
  const mayChange = atLeast(membership?.role, 'ticketManager');
  const remove = useAction((_: void, organizationId) =>
    unwrap(http.DELETE('/api/registrations/{id}', { params: { path: { id: sale.id }, query: { organizationId } } })),
  );
  return (
    <article className="card" aria-label={`Sale of ${tickets(sale.totalQuantity)}`}>
      <h3>
        {tickets(sale.totalQuantity)} · {formatMoney(sale.totalAmount)}
      </h3>
      <p className="meta">
        {sale.eventName} · {showtimeName(sale)} · {formatDateTime(sale.createdAt)}
        {sale.buyerName ? ` · buyer ${sale.buyerName}` : ''}
      </p>
      <ul className="lines">
        {sale.tickets.map((t) => (
          <li key={t.ticketTypeId}>
            {t.quantity} × {t.ticketTypeName}
          </li>
        ))}
      </ul>
      {open ? (
        <p className="window">
          Can be changed for {minutesLeft} more minute{minutesLeft === 1 ? '' : 's'}
          {mayChange ? '.' : ' by a ticket manager.'}
        </p>
      ) : (
        <p className="window locked">Locked since {formatDateTime(sale.lockedAt)}.</p>
      )}
      {open && mayChange && (
        <div className="row">
          <button type="button" className="secondary" onClick={() => setEditing(!editing)} aria-expanded={editing}>
            {editing ? 'Stop editing' : 'Edit'}
          </button>
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Delete
          </button>
        </div>
      )}
      <ErrorNotice error={remove.error} title="The sale was not deleted" />
      {editing && open && event && <EditSale sale={sale} event={event} onDone={() => setEditing(false)} />}
    </article>
  );
}

function EditSale({ sale, event, onDone }: { sale: HistoryItem; event: ActiveEvent; onDone: () => void }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(sale.tickets.map((t) => [t.ticketTypeId, String(t.quantity)])),
  );
  const save = useAction((_: void, organizationId) =>
    write('put', '/api/registrations/{id}', {
      params: { path: { id: sale.id }, query: { organizationId } },
      body: { tickets: linesOf(values) },
      label: `Change of the direct sale for ${sale.eventName}`,
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(undefined, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="stack">
      <TicketInputs types={event.ticketTypes} values={values} onChange={setValues} legend="Corrected tickets" />
      <button type="submit" disabled={save.isPending || linesOf(values).length === 0}>
        {save.isPending ? 'Saving…' : 'Save changes'}
      </button>
      <ErrorNotice error={save.error} title="The change was not saved" />
    </form>
  );
}
