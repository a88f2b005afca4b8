import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import { atLeast, type ActiveEvent, type ExternalSale } from '../../api/types';
import { useAction, useActiveEvent } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Dialog } from '../../ui/Dialog';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime, formatMoney, showtimeName, tickets } from '../../ui/format';
import { linesOf, ShowtimeSelect, TicketInputs } from '../../ui/TicketInputs';
import { EditExternalSale } from './EditExternalSale';
import { write } from '../../offline/write';

/** The external and box-office ledger of the active event: record, edit, delete, correct (calls: event, ledger). */
export default function ExternalPage() {
  const event = useActiveEvent();
  return (
    <>
      <h1>External and box-office sales</h1>
      <QueryView query={event} what="Loading the event">
        {(data) => (data ? <Ledger event={data} /> : <Empty>There is no active event.</Empty>)}
      </QueryView>
    </>
  );
}

function Ledger({ event }: { event: ActiveEvent }) {
  const { organizationId } = useOrganization();
  const ledger = useQuery({
    queryKey: [organizationId, 'external-sales', event.id],
    queryFn: () =>
      unwrap(
        http.GET('/api/management/events/{eventId}/external-sales', {
          params: { path: { eventId: event.id }, query: { organizationId } },
        }),
      ),
  });
  return (
    <>
      <AddSale event={event} />
      <h2>Ledger</h2>
      <QueryView query={ledger} what="Loading the ledger">
        {(data) =>
          data.items.length === 0 ? (
            <Empty>No external sales recorded.</Empty>
          ) : (
            data.items.map((sale) => <SaleRow key={sale.id} sale={sale} event={event} />)
          )
        }
      </QueryView>
    </>
  );
}

function AddSale({ event }: { event: ActiveEvent }) {
  const [showtimeId, setShowtimeId] = useState(event.showtimes[0]?.showtimeId ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [source, setSource] = useState('Box office');
  const add = useAction((_: void, organizationId) =>
    write('post', '/api/management/events/{eventId}/showtimes/{showtimeId}/external-sales', {
      params: { path: { eventId: event.id, showtimeId }, query: { organizationId } },
      body: { tickets: linesOf(values), source: source.trim() },
      label: 'External sale',
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(undefined, { onSuccess: () => setValues({}) });
  };
  return (
    <form onSubmit={submit} className="stack">
      <h2>Record a sale</h2>
      <ShowtimeSelect showtimes={event.showtimes} value={showtimeId} onChange={setShowtimeId} />
      <label>
        Source (channel)
        <input required maxLength={100} value={source} onChange={(e) => setSource(e.target.value)} />
      </label>
      <TicketInputs types={event.ticketTypes} values={values} onChange={setValues} legend="Tickets sold" />
      <button type="submit" disabled={add.isPending || linesOf(values).length === 0}>
        Record sale
      </button>
      {add.isSuccess && <Success>Recorded {tickets(add.data.totalQuantity)}.</Success>}
      <ErrorNotice error={add.error} title="Not recorded" />
    </form>
  );
}

function SaleRow({ sale, event }: { sale: ExternalSale; event: ActiveEvent }) {
  const { membership } = useOrganization();
  const showtime = event.showtimes.find((s) => s.showtimeId === sale.showtimeId);
  const remove = useAction((_: void, organizationId) =>
    unwrap(
      http.DELETE('/api/management/external-sales/{id}', {
        params: { path: { id: sale.id }, query: { organizationId } },
      }),
    ),
  );
  return (
    <article className="card" aria-label={`${sale.source}: ${tickets(sale.totalQuantity)}`}>
      <h3>
        {sale.source}: {tickets(sale.totalQuantity)} · {formatMoney(sale.totalAmount)}
      </h3>
      <p className="meta">
        {showtime ? showtimeName(showtime) : sale.showtimeId} · {formatDateTime(sale.createdAt)}
        {sale.correctionCount > 0 &&
          ` · corrected ${sale.correctionCount}×, last ${formatDateTime(sale.lastCorrectedAt)}`}
      </p>
      <ul className="lines">
        {sale.tickets.map((t) => (
          <li key={t.ticketTypeId}>
            {t.quantity} × {t.ticketTypeName} at {formatMoney(t.unitPrice)}
          </li>
        ))}
      </ul>
      {sale.note && <p className="meta">Note: {sale.note}</p>}
      <div className="row">
        <EditExternalSale sale={sale} event={event} />
        {atLeast(membership?.role, 'admin') && <Correct sale={sale} />}
        {sale.correctionCount > 0 && <Corrections sale={sale} />}
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Delete
        </button>
      </div>
      <ErrorNotice error={remove.error} title="Not deleted" />
    </article>
  );
}

/** Admin: an audited correction of the quantities (the original stays in the corrections trail). */
function Correct({ sale }: { sale: ExternalSale }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(sale.tickets.map((t) => [t.ticketTypeId, String(t.quantity)])),
  );
  const [reason, setReason] = useState('');
  const correct = useAction((_: void, organizationId) =>
    write('post', '/api/management/external-sales/{id}/correction', {
      params: { path: { id: sale.id }, query: { organizationId } },
      body: {
        tickets: sale.tickets.map((t) => ({
          ticketTypeId: t.ticketTypeId,
          quantity: Number(values[t.ticketTypeId] ?? 0),
        })),
        reason: reason.trim(),
      },
      label: 'Correction of an external sale',
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    correct.mutate(undefined, { onSuccess: () => setOpen(false) });
  };
  const types = sale.tickets.map((t) => ({ id: t.ticketTypeId, name: t.ticketTypeName, price: t.unitPrice }));
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Correct the ${sale.source} sale`}
      trigger={
        <button type="button" className="secondary">
          Correct…
        </button>
      }
    >
      <form onSubmit={submit} className="stack">
        <TicketInputs types={types} values={values} onChange={setValues} legend="Corrected quantities" />
        <label>
          Reason (required)
          <textarea required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" disabled={correct.isPending}>
          Save correction
        </button>
        <ErrorNotice error={correct.error} />
      </form>
    </Dialog>
  );
}

function Corrections({ sale }: { sale: ExternalSale }) {
  const { organizationId } = useOrganization();
  const [open, setOpen] = useState(false);
  const trail = useQuery({
    queryKey: [organizationId, 'external-corrections', sale.id],
    queryFn: () =>
      unwrap(
        http.GET('/api/management/external-sales/{id}/corrections', {
          params: { path: { id: sale.id }, query: { organizationId } },
        }),
      ),
    enabled: open,
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Corrections"
      trigger={
        <button type="button" className="secondary">
          Corrections
        </button>
      }
    >
      <QueryView query={trail} what="Loading corrections">
        {(data) => (
          <ul>
            {data.items.map((c) => (
              <li key={c.id}>
                {formatDateTime(c.createdAt)}: {c.originalTotalQuantity} → {c.correctedTotalQuantity} by {c.actorName} —{' '}
                {c.reason}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Dialog>
  );
}
