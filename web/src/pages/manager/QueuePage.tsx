import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import type { Order } from '../../api/types';
import { pagesOf, useAction, useOrders } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { Empty, ErrorNotice, QueryView, ShowMore } from '../../ui/feedback';
import { tickets } from '../../ui/format';
import { AdminNoteDialog, DeleteOrderDialog, OutcomeNotice, type Outcome } from '../shared/OrderManagerTools';
import { OrderSummary } from '../shared/OrderSummary';
import { carriedEvents, EventFilter, useChosenEventId, useEventFilter } from './EventFilter';

type Step = 'approve' | 'deliver';
type Done = (outcome: Outcome) => void;

/**
 * The manager's queue: pending requests oldest first (approve, cancel), approved ones to deliver, of every event or
 * the chosen one, each with its admin note, and a pending one can be deleted. Two calls: the two lists, the first
 * carrying the events to choose from (with the shell's /api/auth/me, three on load).
 */
export default function QueuePage() {
  const eventId = useChosenEventId();
  const pending = useOrders(['pending'], eventId, { withEvents: true });
  const approved = useOrders(['approved'], eventId);
  const filter = useEventFilter(carriedEvents(pending));
  // A deleted (or meanwhile changed) order leaves its list: the outcome is told here, not in its card.
  const [outcome, setOutcome] = useState<Outcome>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('queue.title')}</h1>
      <EventFilter filter={filter} />
      <OutcomeNotice outcome={outcome} />
      <section aria-labelledby="pending-title">
        <h2 id="pending-title">{t('queue.pending')}</h2>
        <QueryView query={pending} what={t('queue.loadingPending')}>
          {(data) => (
            <>
              <Orders orders={pagesOf(data)} step="approve" empty={t('queue.nonePending')} onDone={setOutcome} />
              <ShowMore query={pending} />
            </>
          )}
        </QueryView>
      </section>
      <section aria-labelledby="approved-title">
        <h2 id="approved-title">{t('queue.approved')}</h2>
        <QueryView query={approved} what={t('queue.loadingApproved')}>
          {(data) => (
            <>
              <Orders orders={pagesOf(data)} step="deliver" empty={t('queue.noneApproved')} onDone={setOutcome} />
              <ShowMore query={approved} />
            </>
          )}
        </QueryView>
      </section>
    </>
  );
}

function Orders({ orders, step, empty, onDone }: { orders: Order[]; step: Step; empty: string; onDone: Done }) {
  if (orders.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      {orders.map((order) => (
        <OrderSummary key={order.id} order={order} showOwner>
          <QueueActions order={order} step={step} onDone={onDone} />
        </OrderSummary>
      ))}
    </>
  );
}

function QueueActions({ order, step, onDone }: { order: Order; step: Step; onDone: Done }) {
  const { t } = useTranslation();
  const advance = useAction((_: void, organizationId) => {
    const params = { params: { path: { id: order.id }, query: { organizationId } } };
    return step === 'approve'
      ? unwrap(http.POST('/api/orders/{id}/approve', params))
      : unwrap(http.POST('/api/orders/{id}/deliver', params));
  });
  return (
    <>
      <div className="row">
        <button
          type="button"
          disabled={advance.isPending}
          onClick={() =>
            // The order leaves this list on success: the page says what happened (the card is gone).
            advance.mutate(undefined, {
              onSuccess: () =>
                onDone({
                  message: t(step === 'approve' ? 'queue.approvedDone' : 'queue.deliveredDone', {
                    name: order.requestedByName,
                    tickets: tickets(order.totalQuantity),
                  }),
                }),
            })
          }
        >
          {step === 'approve' ? t('queue.approve') : t('queue.deliver')}
        </button>
        {step === 'approve' && <CancelOrder order={order} />}
        <AdminNoteDialog order={order} onDone={(message) => onDone({ message })} />
        <DeleteOrderDialog order={order} onOutcome={onDone} />
      </div>
      <ErrorNotice error={advance.error} />
    </>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useAction((_: void, organizationId) =>
    unwrap(
      http.POST('/api/orders/{id}/cancel', {
        params: { path: { id: order.id }, query: { organizationId } },
        body: { reason: reason.trim() },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate(undefined, { onSuccess: () => setOpen(false) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('queue.cancelTitle', { name: order.requestedByName })}
      description={t('queue.cancelDescription')}
      trigger={
        <button type="button" className="danger">
          {t('queue.cancel')}
        </button>
      }
    >
      <form onSubmit={submit} className="stack">
        <label>
          {t('queue.reason')}
          <textarea required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" className="danger" disabled={cancel.isPending}>
          {t('queue.cancelSubmit')}
        </button>
        <ErrorNotice error={cancel.error} />
      </form>
    </Dialog>
  );
}
