import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('external.title')}</h1>
      <QueryView query={event} what={t('home.loading')}>
        {(data) => (data ? <Ledger event={data} /> : <Empty>{t('pledge.noEvent')}</Empty>)}
      </QueryView>
    </>
  );
}

function Ledger({ event }: { event: ActiveEvent }) {
  const { t } = useTranslation();
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
      <h2>{t('external.ledger')}</h2>
      <QueryView query={ledger} what={t('external.loadingLedger')}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('external.none')}</Empty>
          ) : (
            data.items.map((sale) => <SaleRow key={sale.id} sale={sale} event={event} />)
          )
        }
      </QueryView>
    </>
  );
}

function AddSale({ event }: { event: ActiveEvent }) {
  const { t } = useTranslation();
  const [showtimeId, setShowtimeId] = useState(event.showtimes[0]?.showtimeId ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [source, setSource] = useState(() => t('external.boxOffice'));
  const add = useAction((_: void, organizationId) =>
    write('post', '/api/management/events/{eventId}/showtimes/{showtimeId}/external-sales', {
      params: { path: { eventId: event.id, showtimeId }, query: { organizationId } },
      body: { tickets: linesOf(values), source: source.trim() },
      label: t('offline.label.externalSale'),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(undefined, { onSuccess: () => setValues({}) });
  };
  return (
    <form onSubmit={submit} className="stack">
      <h2>{t('external.record')}</h2>
      <ShowtimeSelect showtimes={event.showtimes} value={showtimeId} onChange={setShowtimeId} />
      <label>
        {t('external.source')}
        <input required maxLength={100} value={source} onChange={(e) => setSource(e.target.value)} />
      </label>
      <TicketInputs types={event.ticketTypes} values={values} onChange={setValues} legend={t('sales.ticketsSold')} />
      <button type="submit" disabled={add.isPending || linesOf(values).length === 0}>
        {t('external.recordSubmit')}
      </button>
      {add.isSuccess && <Success>{t('external.recorded', { tickets: tickets(add.data.totalQuantity) })}</Success>}
      <ErrorNotice error={add.error} title={t('external.notRecorded')} />
    </form>
  );
}

function SaleRow({ sale, event }: { sale: ExternalSale; event: ActiveEvent }) {
  const { t } = useTranslation();
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
          ` · ${t('external.corrected', { count: sale.correctionCount, when: formatDateTime(sale.lastCorrectedAt) })}`}
      </p>
      <ul className="lines">
        {sale.tickets.map((line) => (
          <li key={line.ticketTypeId}>
            {t('order.line', {
              quantity: line.quantity,
              type: line.ticketTypeName,
              price: formatMoney(line.unitPrice),
            })}
          </li>
        ))}
      </ul>
      {sale.note && <p className="meta">{t('order.note', { note: sale.note })}</p>}
      <div className="row">
        <EditExternalSale sale={sale} event={event} />
        {atLeast(membership?.role, 'admin') && <Correct sale={sale} />}
        {sale.correctionCount > 0 && <Corrections sale={sale} />}
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {t('common.delete')}
        </button>
      </div>
      <ErrorNotice error={remove.error} title={t('external.notDeleted')} />
    </article>
  );
}

/** Admin: an audited correction of the quantities (the original stays in the corrections trail). */
function Correct({ sale }: { sale: ExternalSale }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(sale.tickets.map((line) => [line.ticketTypeId, String(line.quantity)])),
  );
  const [reason, setReason] = useState('');
  const correct = useAction((_: void, organizationId) =>
    write('post', '/api/management/external-sales/{id}/correction', {
      params: { path: { id: sale.id }, query: { organizationId } },
      body: {
        tickets: sale.tickets.map((line) => ({
          ticketTypeId: line.ticketTypeId,
          quantity: Number(values[line.ticketTypeId] ?? 0),
        })),
        reason: reason.trim(),
      },
      label: t('offline.label.externalSaleCorrection'),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    correct.mutate(undefined, { onSuccess: () => setOpen(false) });
  };
  const types = sale.tickets.map((line) => ({
    id: line.ticketTypeId,
    name: line.ticketTypeName,
    price: line.unitPrice,
  }));
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('external.correctTitle', { source: sale.source })}
      trigger={
        <button type="button" className="secondary">
          {t('external.correct')}
        </button>
      }
    >
      <form onSubmit={submit} className="stack">
        <TicketInputs types={types} values={values} onChange={setValues} legend={t('external.correctedQuantities')} />
        <label>
          {t('delivered.reasonRequired')}
          <textarea required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" disabled={correct.isPending}>
          {t('external.saveCorrection')}
        </button>
        <ErrorNotice error={correct.error} />
      </form>
    </Dialog>
  );
}

function Corrections({ sale }: { sale: ExternalSale }) {
  const { t } = useTranslation();
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
      title={t('external.corrections')}
      trigger={
        <button type="button" className="secondary">
          {t('external.corrections')}
        </button>
      }
    >
      <QueryView query={trail} what={t('external.loadingCorrections')}>
        {(data) => (
          <ul>
            {data.items.map((c) => (
              <li key={c.id}>
                {t('external.correctionLine', {
                  when: formatDateTime(c.createdAt),
                  from: c.originalTotalQuantity,
                  to: c.correctedTotalQuantity,
                  name: c.actorName,
                  reason: c.reason,
                })}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Dialog>
  );
}
