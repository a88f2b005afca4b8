import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { atLeast, outstandingOf, type Order } from '../../api/types';
import { pagesOf, useAction, useOrders } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Dialog } from '../../ui/Dialog';
import { Empty, ErrorNotice, QueryView, ShowMore, Success } from '../../ui/feedback';
import { i18next } from '../../i18n';
import { statusLabel, tickets } from '../../ui/format';
import { AdminNoteDialog } from '../shared/OrderManagerTools';
import { OrderSummary, perTypeBalance } from '../shared/OrderSummary';
import { EventFilter, useEventFilter } from './EventFilter';
import { TransferDialog } from './TransferDialog';
import { TicketSheet, typeNamesOf } from '../shared/TicketSheet';
import { write } from '../../offline/write';

/**
 * Delivered orders with their outstanding balance (returns, transfers, force-record-sold), of every event or the
 * chosen one. One paged call, and the events to choose from.
 */
export default function DeliveredPage() {
  const filter = useEventFilter();
  const orders = useOrders(['delivered'], filter.eventId);
  // An action can move the order out of this list (fully reported): its outcome is told here, not in its card.
  const [done, setDone] = useState<string>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('delivered.title')}</h1>
      <EventFilter filter={filter} />
      {done && <Success>{done}</Success>}
      <QueryView query={orders} what={t('delivered.loading')}>
        {(data) => {
          const items = pagesOf(data);
          if (items.length === 0) return <Empty>{t('delivered.none')}</Empty>;
          const open = items.reduce((sum, o) => sum + outstandingOf(o), 0);
          return (
            <>
              <p>
                {t('delivered.outstandingAcross', {
                  tickets: tickets(open),
                  orders: t('delivered.orders', { count: items.length }),
                })}
              </p>
              {items.map((order) => (
                <OrderSummary key={order.id} order={order} showOwner>
                  <DeliveredActions order={order} onDone={setDone} />
                </OrderSummary>
              ))}
              <ShowMore query={orders} />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

type Done = (message: string) => void;

function DeliveredActions({ order, onDone }: { order: Order; onDone: Done }) {
  const { membership } = useOrganization();
  const open = outstandingOf(order) > 0;
  return (
    <div className="row">
      <AdminNoteDialog order={order} onDone={onDone} />
      {open && <BalanceActions order={order} onDone={onDone} admin={atLeast(membership?.role, 'admin')} />}
      <TicketSheet
        source={{ kind: 'order', id: order.id }}
        typeNames={typeNamesOf(order.tickets)}
        whose={order.requestedByName}
      />
    </div>
  );
}

function BalanceActions({ order, onDone, admin }: { order: Order; onDone: Done; admin: boolean }) {
  return (
    <>
      <RecordReturn order={order} onDone={onDone} />
      {/* The recipients are the order's own event's people, whatever the list shows. */}
      <TransferDialog order={order} eventId={order.eventId} onDone={onDone} />
      {admin && <ForceRecordSold order={order} onDone={onDone} />}
    </>
  );
}

const outcome = (order: Order, result: Order, what: string) =>
  i18next.t('delivered.outcome', {
    name: order.requestedByName,
    what,
    status: statusLabel(result.status),
    statusLower: statusLabel(result.status).toLowerCase(),
  });

function RecordReturn({ order, onDone }: { order: Order; onDone: Done }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState('');
  const ret = useAction((_: void, organizationId) =>
    write('post', '/api/orders/{id}/return', {
      params: { path: { id: order.id }, query: { organizationId } },
      body: { returnQuantity: Number(quantity) },
      label: t('offline.label.returnOnOrder', { quantity, name: order.requestedByName }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ret.mutate(undefined, {
      onSuccess: (result) => {
        setOpen(false);
        onDone(outcome(order, result, t('delivered.returned', { count: Number(quantity) })));
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('delivered.returnTitle', { name: order.requestedByName })}
      trigger={
        <button type="button" className="secondary">
          {t('delivered.returnOpen')}
        </button>
      }
    >
      <form onSubmit={submit} className="stack">
        <label>
          {t('delivered.returnQuantity', { count: outstandingOf(order) })}
          <input
            type="number"
            min={1}
            max={outstandingOf(order)}
            required
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </label>
        <button type="submit" disabled={ret.isPending}>
          {t('delivered.returnSubmit')}
        </button>
        <ErrorNotice error={ret.error} />
      </form>
    </Dialog>
  );
}

/** Admin only: records sales beyond the venue capacity; the warning says what that means before it is sent. */
function ForceRecordSold({ order, onDone }: { order: Order; onDone: Done }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const balance = perTypeBalance(order);
  const lines = balance
    .map((b) => ({ ticketTypeId: b.ticketTypeId, soldQuantity: Number(values[b.ticketTypeId] ?? 0) }))
    .filter((l) => Number.isInteger(l.soldQuantity) && l.soldQuantity > 0);
  const increase = lines.reduce((s, l) => s + l.soldQuantity, 0);
  const force = useAction((_: void, organizationId) =>
    write('post', '/api/orders/{id}/force-record-sold', {
      params: { path: { id: order.id }, query: { organizationId } },
      body: { soldQuantity: (order.soldQuantity ?? 0) + increase, soldTypeQuantities: lines, reason: reason.trim() },
      label: t('offline.label.soldOverCapacity', { name: order.requestedByName }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    force.mutate(undefined, {
      onSuccess: (result) => {
        setOpen(false);
        onDone(outcome(order, result, t('delivered.forced', { count: result.soldQuantity ?? 0 })));
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('delivered.forceTitle')}
      description={t('delivered.forceWarning')}
      trigger={
        <button type="button" className="danger">
          {t('delivered.forceOpen')}
        </button>
      }
    >
      <form onSubmit={submit} className="stack">
        <fieldset className="tickets">
          <legend>{t('delivered.newlySold')}</legend>
          {balance.map((b) => (
            <label key={b.ticketTypeId}>
              <span>
                {b.ticketTypeName}{' '}
                <span className="meta">— {t('order.outstandingAfter', { count: b.outstanding })}</span>
              </span>
              <input
                type="number"
                min={0}
                max={b.outstanding}
                value={values[b.ticketTypeId] ?? ''}
                onChange={(e) => setValues({ ...values, [b.ticketTypeId]: e.target.value })}
              />
            </label>
          ))}
        </fieldset>
        <label>
          {t('delivered.reasonRequired')}
          <textarea required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" className="danger" disabled={force.isPending || increase === 0}>
          {t('delivered.forceSubmit', { count: increase })}
        </button>
        <ErrorNotice error={force.error} />
      </form>
    </Dialog>
  );
}
