import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { atLeast, type ActiveEvent, type HistoryItem } from '../../api/types';
import { pagesOf, useAction, useActiveEvent, useCapacity, useHistory } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { write } from '../../offline/write';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime, formatMoney, formatNumber, showtimeName, tickets } from '../../ui/format';
import { linesOf, ShowtimeSelect, TicketInputs } from '../../ui/TicketInputs';
import { useNow } from '../../ui/useNow';
import { TicketSheet, typeNamesOf } from '../shared/TicketSheet';

/** Direct sales: register one, and see your own with the one-hour edit window (calls: event, history). */
export default function SalesPage() {
  const { t } = useTranslation();
  const event = useActiveEvent();
  const history = useHistory();
  return (
    <>
      <h1>{t('sales.title')}</h1>
      <QueryView query={event} what={t('home.loading')}>
        {(data) => (data ? <RegisterSale event={data} /> : <Empty>{t('sales.noEvent')}</Empty>)}
      </QueryView>
      {/* The list waits for the event: the sale form renders above it, and a list shown first would jump down
          (layout shift, docs/decisions/web-client.md "The first screen"). */}
      {!event.isPending && (
        <>
          <h2>{t('sales.yours')}</h2>
          <QueryView query={history} what={t('sales.loading')}>
            {(data) => {
              const sales = pagesOf(data).filter((item) => item.kind === 'registration');
              if (sales.length === 0) return <Empty>{t('sales.none')}</Empty>;
              return sales.map((sale) => <SaleCard key={sale.id} sale={sale} event={event.data ?? undefined} />);
            }}
          </QueryView>
        </>
      )}
    </>
  );
}

function RegisterSale({ event }: { event: ActiveEvent }) {
  const { t } = useTranslation();
  const { membership } = useOrganization();
  const capacity = useCapacity(event.id);
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
      label: t('offline.label.directSale', {
        tickets: tickets(linesOf(values).reduce((n, l) => n + l.quantity, 0)),
        event: event.name,
      }),
      queue: true,
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate(undefined, { onSuccess: () => setValues({}) });
  };
  const left = capacity.data?.showtimes.find((s) => s.showtimeId === showtimeId)?.remaining;
  // Only a ticket manager (or above) may change a direct sale in its first hour (docs/decisions/web-client.md).
  const mayChange = atLeast(membership?.role, 'ticketManager');
  return (
    <form onSubmit={submit} className="stack" aria-labelledby="register-title">
      <h2 id="register-title">{t('sales.registerFor', { event: event.name })}</h2>
      <ShowtimeSelect showtimes={event.showtimes} value={showtimeId} onChange={setShowtimeId} />
      {left !== undefined && (
        <p className="meta" data-testid="seats-left">
          {t('sales.seatsLeft', { count: left, formatted: formatNumber(left) })}
        </p>
      )}
      <TicketInputs types={event.ticketTypes} values={values} onChange={setValues} legend={t('sales.ticketsSold')} />
      <label>
        {t('sales.buyer')}
        <input value={buyerName} maxLength={255} onChange={(e) => setBuyerName(e.target.value)} />
      </label>
      <button type="submit" disabled={register.isPending || linesOf(values).length === 0}>
        {register.isPending ? t('common.saving') : t('sales.register')}
      </button>
      {register.isSuccess && (
        <Success>
          {t('sales.registered', {
            tickets: tickets(register.data.totalQuantity),
            amount: formatMoney(register.data.totalAmount),
          })}{' '}
          {t(mayChange ? 'sales.youCanChangeUntil' : 'sales.managerCanChangeUntil', {
            when: formatDateTime(register.data.lockedAt),
          })}
        </Success>
      )}
      <ErrorNotice error={register.error} title={t('sales.notRegistered')} />
    </form>
  );
}

function SaleCard({ sale, event }: { sale: HistoryItem; event?: ActiveEvent }) {
  const { t } = useTranslation();
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
    <article className="card" aria-label={t('sales.saleOf', { tickets: tickets(sale.totalQuantity) })}>
      <h3>
        {tickets(sale.totalQuantity)} · {formatMoney(sale.totalAmount)}
      </h3>
      <p className="meta">
        {sale.eventName} · {showtimeName(sale)} · {formatDateTime(sale.createdAt)}
        {sale.buyerName ? ` · ${t('sales.buyerIs', { name: sale.buyerName })}` : ''}
      </p>
      <ul className="lines">
        {sale.tickets.map((line) => (
          <li key={line.ticketTypeId}>
            {line.quantity} × {line.ticketTypeName}
          </li>
        ))}
      </ul>
      {open ? (
        <p className="window">
          {t(mayChange ? 'sales.changeFor' : 'sales.changeForByManager', { count: minutesLeft })}
        </p>
      ) : (
        <p className="window locked">{t('sales.lockedSince', { when: formatDateTime(sale.lockedAt) })}</p>
      )}
      {open && mayChange && (
        <div className="row">
          <button type="button" className="secondary" onClick={() => setEditing(!editing)} aria-expanded={editing}>
            {editing ? t('common.stopEditing') : t('common.edit')}
          </button>
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('common.delete')}
          </button>
        </div>
      )}
      <ErrorNotice error={remove.error} title={t('sales.notDeleted')} />
      <TicketSheet source={{ kind: 'registration', id: sale.id }} typeNames={typeNamesOf(sale.tickets)} />
      {editing && open && event && <EditSale sale={sale} event={event} onDone={() => setEditing(false)} />}
    </article>
  );
}

function EditSale({ sale, event, onDone }: { sale: HistoryItem; event: ActiveEvent; onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(sale.tickets.map((line) => [line.ticketTypeId, String(line.quantity)])),
  );
  const save = useAction((_: void, organizationId) =>
    write('put', '/api/registrations/{id}', {
      params: { path: { id: sale.id }, query: { organizationId } },
      body: { tickets: linesOf(values) },
      label: t('offline.label.directSaleChange', { event: sale.eventName }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(undefined, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="stack">
      <TicketInputs types={event.ticketTypes} values={values} onChange={setValues} legend={t('sales.corrected')} />
      <button type="submit" disabled={save.isPending || linesOf(values).length === 0}>
        {save.isPending ? t('common.saving') : t('common.saveChanges')}
      </button>
      <ErrorNotice error={save.error} title={t('common.changeNotSaved')} />
    </form>
  );
}
